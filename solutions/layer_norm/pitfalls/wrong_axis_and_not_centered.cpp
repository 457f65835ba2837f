// expect-pitfalls: normalized_wrong_axis, variance_not_centered
// Statistics over dim 0, and the mean of x^2 as the variance.
#include "layer_norm.hpp"

namespace kata {

kt::Tensor layer_norm(const kt::Tensor& x, const kt::Tensor& weight, const kt::Tensor& bias,
                      double eps) {
  const kt::Tensor var = kt::mean(x * x, 0, true);
  return (x - kt::mean(x, 0, true)) / kt::sqrt(var + eps) * weight + bias;
}

}  // namespace kata
