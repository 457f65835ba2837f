// expect: fail
// Returns a default-constructed (undefined) kt::Tensor: reported as such, never a crash.
#include "gqa.hpp"

kt::Tensor GroupedQueryAttention::forward(const kt::Tensor&, bool) const { return kt::Tensor(); }
kt::Tensor GroupedQueryAttention::forward(const kt::Tensor&, const kt::Tensor&) const {
  return kt::Tensor();
}
