// expect-pitfalls: mean_subtracted, eps_outside_sqrt
// LayerNorm's statistics with eps after the root.
#include "rms_norm.hpp"

namespace kata {

kt::Tensor rms_norm(const kt::Tensor& x, const kt::Tensor& weight, double eps) {
  const kt::Tensor c = x - kt::mean(x, -1, true);
  return c / (kt::sqrt(kt::mean(c * c, -1, true)) + eps) * weight;
}

}  // namespace kata
