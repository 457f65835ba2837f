// expect-pitfalls: normalized_wrong_axis
// The statistics over dim 0 (BatchNorm's axis) instead of the last.
#include "layer_norm.hpp"

namespace kata {

kt::Tensor layer_norm(const kt::Tensor& x, const kt::Tensor& weight, const kt::Tensor& bias,
                      double eps) {
  const kt::Tensor c = x - kt::mean(x, 0, true);
  const kt::Tensor var = kt::mean(c * c, 0, true);
  return c / kt::sqrt(var + eps) * weight + bias;
}

}  // namespace kata
