// expect: fail
// The weight applied first, and the root mean square taken of x * weight: the weight cancels
// out of every row (up to eps) instead of scaling the normalised row.
#include "rms_norm.hpp"

namespace kata {

kt::Tensor rms_norm(const kt::Tensor& x, const kt::Tensor& weight, double eps) {
  const kt::Tensor xw = x * weight;
  const kt::Tensor ms = kt::mean(xw * xw, -1, /*keepdim=*/true);
  return xw * kt::rsqrt(ms + eps);
}

}  // namespace kata
