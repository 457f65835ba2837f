// expect-pitfalls: stats_without_keepdim
// The mean keeps its axis, the variance (kt::var, biased) does not.
#include "layer_norm.hpp"

namespace kata {

kt::Tensor layer_norm(const kt::Tensor& x, const kt::Tensor& weight, const kt::Tensor& bias,
                      double eps) {
  const kt::Tensor var = kt::var(x, -1, /*unbiased=*/false);
  return (x - kt::mean(x, -1, true)) / kt::sqrt(var + eps) * weight + bias;
}

}  // namespace kata
