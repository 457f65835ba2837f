// expect: fail
// Wrong, no named pitfall: sqrt(var) + sqrt(eps), the root of eps added outside the root of var.
#include <cmath>

#include "layer_norm.hpp"

namespace kata {

kt::Tensor layer_norm(const kt::Tensor& x, const kt::Tensor& weight, const kt::Tensor& bias,
                      double eps) {
  const kt::Tensor mean = kt::mean(x, -1, /*keepdim=*/true);
  const kt::Tensor centred = x - mean;
  const kt::Tensor var = kt::mean(centred * centred, -1, /*keepdim=*/true);  // biased: / D
  return centred / (kt::sqrt(var) + std::sqrt(eps)) * weight + bias;
}

}  // namespace kata
