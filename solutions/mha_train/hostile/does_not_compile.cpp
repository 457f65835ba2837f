// expect: error
// Does not compile: a typo. The report must show the compiler's first error, file:line first.
#include "mha_train.hpp"

kt::Tensor MultiHeadAttention::forward(const kt::Tensor& x, kt::Generator& gen, bool causal) const {
  (void)causal;
  return kt::dropout(out_proj(x), dropout_p, gen);
}
