// expect: fail
// expect-diagnosis: eps_ignored
// Wrong: eps written as 1e-5 in the formula, whatever the call passes.
#include "layer_norm.hpp"

namespace kata {

kt::Tensor layer_norm(const kt::Tensor& x, const kt::Tensor& weight, const kt::Tensor& bias,
                      double) {
  const kt::Tensor c = x - kt::mean(x, -1, true);
  return c / kt::sqrt(kt::mean(c * c, -1, true) + 1e-5) * weight + bias;
}

}  // namespace kata
