// expect-pitfalls: normalized_wrong_axis
// The statistics over dim 1, the features' axis of a (B, D) input, whatever x's rank: right for a
// matrix, wrong for (B, T, D).
#include "layer_norm.hpp"

namespace kata {

kt::Tensor layer_norm(const kt::Tensor& x, const kt::Tensor& weight, const kt::Tensor& bias,
                      double eps) {
  const int64_t features = x.dim() == 1 ? 0 : 1;
  const kt::Tensor c = x - kt::mean(x, features, true);
  return c / kt::sqrt(kt::mean(c * c, features, true) + eps) * weight + bias;
}

}  // namespace kata
