// expect-pitfalls: mean_subtracted
// Known bad: x normalised by its root mean square, then the row's mean of that subtracted, which
// is (x - mean(x)) / rms(x): the mean subtracted from x before dividing, in another order.
#include "rms_norm.hpp"

namespace kata {

kt::Tensor rms_norm(const kt::Tensor& x, const kt::Tensor& weight, double eps) {
  const kt::Tensor ms = kt::mean(x * x, -1, /*keepdim=*/true);
  const kt::Tensor y = x * kt::rsqrt(ms + eps);
  return (y - kt::mean(y, -1, /*keepdim=*/true)) * weight;
}

}  // namespace kata
