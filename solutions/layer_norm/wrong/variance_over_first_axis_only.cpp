// expect: fail
// Wrong: the mean over the last axis, the variance over dim 0: two axes, no single pitfall's
// computation.
#include "layer_norm.hpp"

namespace kata {

kt::Tensor layer_norm(const kt::Tensor& x, const kt::Tensor& weight, const kt::Tensor& bias,
                      double eps) {
  const kt::Tensor c = x - kt::mean(x, -1, true);
  const kt::Tensor var = kt::mean(c * c, 0, true);
  return c / kt::sqrt(var + eps) * weight + bias;
}

}  // namespace kata
