// expect: fail
// Wrong, no named pitfall: eps is squared inside the square root (var + eps * eps), as if eps
// were a floor on the standard deviation. Differs only where a row's variance is near eps.
#include "layer_norm.hpp"

namespace kata {

kt::Tensor layer_norm(const kt::Tensor& x, const kt::Tensor& weight, const kt::Tensor& bias,
                      double eps) {
  const kt::Tensor centred = x - kt::mean(x, -1, /*keepdim=*/true);
  const kt::Tensor var = kt::mean(centred * centred, -1, /*keepdim=*/true);
  return centred / kt::sqrt(var + eps * eps) * weight + bias;
}

}  // namespace kata
