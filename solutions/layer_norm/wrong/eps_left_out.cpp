// expect: fail
// expect-diagnosis: eps_left_out
// Wrong: no eps at all (a constant row would give 0 / 0).
#include "layer_norm.hpp"

namespace kata {

kt::Tensor layer_norm(const kt::Tensor& x, const kt::Tensor& weight, const kt::Tensor& bias,
                      double) {
  const kt::Tensor c = x - kt::mean(x, -1, true);
  return c / kt::sqrt(kt::mean(c * c, -1, true)) * weight + bias;
}

}  // namespace kata
