// expect-pitfalls: mean_subtracted, weight_plus_one
// LayerNorm's normalisation with Gemma's weight.
#include "rms_norm.hpp"

namespace kata {

kt::Tensor rms_norm(const kt::Tensor& x, const kt::Tensor& weight, double eps) {
  const kt::Tensor c = x - kt::mean(x, -1, true);
  return c * kt::rsqrt(kt::var(x, -1, false, true) + eps) * (1.0 + weight);
}

}  // namespace kata
