// expect-pitfalls: eps_outside_sqrt
// eps added to the standard deviation, not to the variance.
#include "layer_norm.hpp"

namespace kata {

kt::Tensor layer_norm(const kt::Tensor& x, const kt::Tensor& weight, const kt::Tensor& bias,
                      double eps) {
  const kt::Tensor c = x - kt::mean(x, -1, true);
  const kt::Tensor sd = kt::sqrt(kt::mean(c * c, -1, true));
  return c / (sd + eps) * weight + bias;
}

}  // namespace kata
