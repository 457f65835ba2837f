// expect-pitfalls: normalized_wrong_axis
// One mean of squares for the whole tensor.
#include "rms_norm.hpp"

namespace kata {

kt::Tensor rms_norm(const kt::Tensor& x, const kt::Tensor& weight, double eps) {
  return x * kt::rsqrt(kt::mean(x * x) + eps) * weight;
}

}  // namespace kata
