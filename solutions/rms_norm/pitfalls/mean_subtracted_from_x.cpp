// expect-pitfalls: mean_subtracted
// The statistic is RMSNorm's, but x is centred before the division.
#include "rms_norm.hpp"

namespace kata {

kt::Tensor rms_norm(const kt::Tensor& x, const kt::Tensor& weight, double eps) {
  const kt::Tensor ms = kt::mean(x * x, -1, true);
  return (x - kt::mean(x, -1, true)) * kt::rsqrt(ms + eps) * weight;
}

}  // namespace kata
