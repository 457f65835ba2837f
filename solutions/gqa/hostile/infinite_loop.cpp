// expect: error
// Hangs: never returns. Each check must time out and say so.
#include "gqa.hpp"

kt::Tensor GroupedQueryAttention::forward(const kt::Tensor& x, bool) const {
  volatile bool forever = true;
  while (forever) {
  }
  return x;
}
kt::Tensor GroupedQueryAttention::forward(const kt::Tensor& x, const kt::Tensor&) const {
  return forward(x, false);
}
