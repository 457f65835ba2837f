// expect-pitfalls: unbiased_variance
// kt::var's default is the unbiased variance (divided by D - 1): LayerNorm's is biased.
#include "layer_norm.hpp"

namespace kata {

kt::Tensor layer_norm(const kt::Tensor& x, const kt::Tensor& weight, const kt::Tensor& bias,
                      double eps) {
  const kt::Tensor var = kt::var(x, -1, /*unbiased=*/true, /*keepdim=*/true);
  return (x - kt::mean(x, -1, true)) / kt::sqrt(var + eps) * weight + bias;
}

}  // namespace kata
