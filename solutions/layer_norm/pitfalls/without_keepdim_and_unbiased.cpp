// expect-pitfalls: stats_without_keepdim, unbiased_variance
// kt::var with its defaults: unbiased, and no keepdim.
#include "layer_norm.hpp"

namespace kata {

kt::Tensor layer_norm(const kt::Tensor& x, const kt::Tensor& weight, const kt::Tensor& bias,
                      double eps) {
  const kt::Tensor mean = kt::mean(x, -1);
  return (x - mean) / kt::sqrt(kt::var(x, -1) + eps) * weight + bias;
}

}  // namespace kata
