// expect-pitfalls: variance_not_centered
// The mean of x^2 as the variance (the mean subtracted only in the numerator).
#include "layer_norm.hpp"

namespace kata {

kt::Tensor layer_norm(const kt::Tensor& x, const kt::Tensor& weight, const kt::Tensor& bias,
                      double eps) {
  const kt::Tensor var = kt::mean(x * x, -1, true);
  return (x - kt::mean(x, -1, true)) / kt::sqrt(var + eps) * weight + bias;
}

}  // namespace kata
