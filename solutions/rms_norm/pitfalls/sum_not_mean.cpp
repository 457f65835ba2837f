// expect-pitfalls: sum_not_mean
// The squares summed: the root sum square, not the root mean square.
#include "rms_norm.hpp"

namespace kata {

kt::Tensor rms_norm(const kt::Tensor& x, const kt::Tensor& weight, double eps) {
  return x * kt::rsqrt(kt::sum(x * x, -1, true) + eps) * weight;
}

}  // namespace kata
