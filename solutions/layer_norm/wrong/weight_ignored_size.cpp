// expect: fail
// Wrong: takes only weight's first value (weight[0] for every feature).
#include "layer_norm.hpp"

namespace kata {

kt::Tensor layer_norm(const kt::Tensor& x, const kt::Tensor& weight, const kt::Tensor& bias,
                      double eps) {
  const kt::Tensor c = x - kt::mean(x, -1, true);
  return c / kt::sqrt(kt::mean(c * c, -1, true) + eps) * weight.narrow(0, 0, 1) + bias;
}

}  // namespace kata
