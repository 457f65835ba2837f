// expect: fail
// expect-diagnosis: mean_not_subtracted
// Wrong: the variance is right, but x is divided by it without its mean taken out.
#include "layer_norm.hpp"

namespace kata {

kt::Tensor layer_norm(const kt::Tensor& x, const kt::Tensor& weight, const kt::Tensor& bias,
                      double eps) {
  const kt::Tensor var = kt::var(x, -1, false, true);
  return x / kt::sqrt(var + eps) * weight + bias;
}

}  // namespace kata
