// expect: fail
// expect-diagnosis: bias_before_weight
// Wrong: (x̂ + bias) * weight.
#include "layer_norm.hpp"

namespace kata {

kt::Tensor layer_norm(const kt::Tensor& x, const kt::Tensor& weight, const kt::Tensor& bias,
                      double eps) {
  const kt::Tensor c = x - kt::mean(x, -1, true);
  return (c / kt::sqrt(kt::mean(c * c, -1, true) + eps) + bias) * weight;
}

}  // namespace kata
