// expect: fail
// Wrong, no named pitfall (written as an unseen suite would, round 50): adds an epsilon of 1e-8 to
// the denominator, but after shifting by the max the sum is already ≥ 1, so this only adds a ~1e-8
// relative error (beyond rtol 1e-9 in Float64)
// The numerically safe softmax.
#include "softmax.hpp"

namespace kata {

kt::Tensor softmax(const kt::Tensor& x, int64_t dim) {
  // Shift every slice by its own maximum so the largest exponent is exp(0) = 1.
  const kt::Tensor m = kt::amax(x, dim, /*keepdim=*/true);
  const kt::Tensor e = kt::exp(x - m);
  const kt::Tensor s = kt::sum(e, dim, /*keepdim=*/true);
  // Guard the division.
  return e / (s + 1e-8);
}

}  // namespace kata
