// expect: pass
// Sums divided by D instead of kt::mean, and the centred values squared with kt::pow.
#include "layer_norm.hpp"

namespace kata {

kt::Tensor layer_norm(const kt::Tensor& x, const kt::Tensor& weight, const kt::Tensor& bias,
                      double eps) {
  const double d = double(x.size(-1));
  const kt::Tensor centred = x - kt::sum(x, -1, true) / d;
  const kt::Tensor sd = kt::sqrt(kt::sum(kt::pow(centred, 2), -1, true) / d + eps);
  return weight * (centred / sd) + bias;
}

}  // namespace kata
