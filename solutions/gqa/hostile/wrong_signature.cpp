// expect: error
// Defines forward(x, causal) with causal as an int (and no mask overload): it compiles against
// nothing the header declares, so the build says which member is missing or mismatched.
#include "gqa.hpp"

kt::Tensor GroupedQueryAttention::forward(const kt::Tensor& x, int causal) const {
  (void)causal;
  return x;
}
