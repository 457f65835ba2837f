// expect-pitfalls: normalized_wrong_axis
// The mean of squares over axis 1 (the last axis of a 2-D x only).
#include "rms_norm.hpp"

namespace kata {

kt::Tensor rms_norm(const kt::Tensor& x, const kt::Tensor& weight, double eps) {
  const kt::Tensor ms = kt::mean(x * x, 1, /*keepdim=*/true);
  return x * kt::rsqrt(ms + eps) * weight;
}

}  // namespace kata
