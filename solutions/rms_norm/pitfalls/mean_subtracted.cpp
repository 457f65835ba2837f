// expect-pitfalls: mean_subtracted
// LayerNorm without its bias: the mean subtracted from x and inside the statistic.
#include "rms_norm.hpp"

namespace kata {

kt::Tensor rms_norm(const kt::Tensor& x, const kt::Tensor& weight, double eps) {
  const kt::Tensor c = x - kt::mean(x, -1, true);
  return c * kt::rsqrt(kt::mean(c * c, -1, true) + eps) * weight;
}

}  // namespace kata
