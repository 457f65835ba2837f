// expect-pitfalls: normalized_wrong_axis
// The statistics over the last two axes together (a normalized_shape of (T, D) where (D) belongs).
#include "layer_norm.hpp"

namespace kata {

kt::Tensor layer_norm(const kt::Tensor& x, const kt::Tensor& weight, const kt::Tensor& bias,
                      double eps) {
  const auto mean2 = [](const kt::Tensor& t) { return kt::mean(kt::mean(t, -1, true), -2, true); };
  const kt::Tensor c = x - mean2(x);
  return c / kt::sqrt(mean2(c * c) + eps) * weight + bias;
}

}  // namespace kata
