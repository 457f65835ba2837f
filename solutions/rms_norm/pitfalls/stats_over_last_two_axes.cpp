// expect-pitfalls: normalized_wrong_axis
// The mean of squares taken over the last two axes (every position of a sequence together), not
// over each row's features alone.
#include "rms_norm.hpp"

namespace kata {

kt::Tensor rms_norm(const kt::Tensor& x, const kt::Tensor& weight, double eps) {
  kt::Tensor ms = kt::mean(x * x, -1, /*keepdim=*/true);
  if (x.dim() > 1) ms = kt::mean(ms, -2, /*keepdim=*/true);
  return x * kt::rsqrt(ms + eps) * weight;
}

}  // namespace kata
