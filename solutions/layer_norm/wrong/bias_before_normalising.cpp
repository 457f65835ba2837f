// expect: fail
// Wrong, no named pitfall: the bias is added to x before the statistics, so normalising removes
// most of it; the weight is applied at the end.
#include "layer_norm.hpp"

namespace kata {

kt::Tensor layer_norm(const kt::Tensor& x, const kt::Tensor& weight, const kt::Tensor& bias,
                      double eps) {
  const kt::Tensor y = x + bias;
  const kt::Tensor centred = y - kt::mean(y, -1, /*keepdim=*/true);
  const kt::Tensor var = kt::mean(centred * centred, -1, /*keepdim=*/true);
  return centred / kt::sqrt(var + eps) * weight;
}

}  // namespace kata
