// expect-pitfalls: normalized_wrong_axis
// The mean of squares over dim 0.
#include "rms_norm.hpp"

namespace kata {

kt::Tensor rms_norm(const kt::Tensor& x, const kt::Tensor& weight, double eps) {
  return x * kt::rsqrt(kt::mean(x * x, 0, true) + eps) * weight;
}

}  // namespace kata
