// expect: error
// Cheats: calls the grader's reference implementation. The build must refuse it by name.
#include "../../../reference/mha_train/mha_train.hpp"  // found by a relative path, as a cheater would
#include "mha_train.hpp"

kt::Tensor MultiHeadAttention::forward(const kt::Tensor& x, kt::Generator& gen, bool causal) const {
  (void)gen;
  return ref::mha_without_dropout(x, {}, num_heads, causal);
}
