// expect-pitfalls: unbiased_variance, eps_outside_sqrt
// Two slips at once: kt::var's unbiased default, and eps after the square root.
#include "layer_norm.hpp"

namespace kata {

kt::Tensor layer_norm(const kt::Tensor& x, const kt::Tensor& weight, const kt::Tensor& bias,
                      double eps) {
  const kt::Tensor sd = kt::sqrt(kt::var(x, -1, true, true));
  return (x - kt::mean(x, -1, true)) / (sd + eps) * weight + bias;
}

}  // namespace kata
