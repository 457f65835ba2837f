// expect: fail
// The bias subtracted instead of added.
#include "layer_norm.hpp"

namespace kata {

kt::Tensor layer_norm(const kt::Tensor& x, const kt::Tensor& weight, const kt::Tensor& bias,
                      double eps) {
  const kt::Tensor mean = kt::mean(x, -1, /*keepdim=*/true);
  const kt::Tensor centred = x - mean;
  const kt::Tensor var = kt::mean(centred * centred, -1, /*keepdim=*/true);  // biased: / D
  return centred / kt::sqrt(var + eps) * weight - bias;
}

}  // namespace kata
