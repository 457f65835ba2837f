// expect: error
// Does not compile: a typo. The report must show the compiler's first error, file:line first.
#include "gqa.hpp"

kt::Tensor GroupedQueryAttention::forward(const kt::Tensor& x, bool causal) const {
  return x.veiw({1});
}
kt::Tensor GroupedQueryAttention::forward(const kt::Tensor& x, const kt::Tensor&) const {
  return x;
}
