// expect-pitfalls: normalized_wrong_axis, sum_not_mean
// The squares summed over dim 0.
#include "rms_norm.hpp"

namespace kata {

kt::Tensor rms_norm(const kt::Tensor& x, const kt::Tensor& weight, double eps) {
  return x * kt::rsqrt(kt::sum(x * x, 0, true) + eps) * weight;
}

}  // namespace kata
