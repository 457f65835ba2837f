// expect: fail
// Wrong, no named pitfall: the variance divides the sum of squares by D + 1.
#include "layer_norm.hpp"

namespace kata {

kt::Tensor layer_norm(const kt::Tensor& x, const kt::Tensor& weight, const kt::Tensor& bias,
                      double eps) {
  const kt::Tensor mean = kt::mean(x, -1, /*keepdim=*/true);
  const kt::Tensor centred = x - mean;
  const kt::Tensor var = kt::sum(centred * centred, -1, /*keepdim=*/true) / double(x.size(-1) + 1);
  return centred / kt::sqrt(var + eps) * weight + bias;
}

}  // namespace kata
