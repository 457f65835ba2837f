// expect: fail
// expect-pitfalls: softmax_wrong_dim
// Wrong, named softmax_wrong_dim (written blind, round 52): every negative dim mapped to the last
// axis (dim < 0 ? x.dim() - 1 : dim): right for dim = -1 only.
#include "softmax.hpp"

namespace kata {

kt::Tensor softmax(const kt::Tensor& x, int64_t dim) {
  // Normalise the axis once, then shift every slice by its own maximum so exp never overflows.
  const int64_t axis = dim < 0 ? x.dim() - 1 : dim;
  const kt::Tensor shifted = x - kt::amax(x, axis, /*keepdim=*/true);
  const kt::Tensor e = kt::exp(shifted);
  return e / kt::sum(e, axis, /*keepdim=*/true);
}

}  // namespace kata
