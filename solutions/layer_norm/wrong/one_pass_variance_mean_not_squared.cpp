// expect: fail
// The variance as mean(x^2) - mean, the mean left unsquared.
#include "layer_norm.hpp"

namespace kata {

kt::Tensor layer_norm(const kt::Tensor& x, const kt::Tensor& weight, const kt::Tensor& bias,
                      double eps) {
  const kt::Tensor mean = kt::mean(x, -1, /*keepdim=*/true);
  const kt::Tensor centred = x - mean;
  const kt::Tensor var = kt::mean(x * x, -1, /*keepdim=*/true) - mean;
  return centred / kt::sqrt(var + eps) * weight + bias;
}

}  // namespace kata
