// expect: fail
// Wrong: the mean absolute deviation for the standard deviation.
#include "layer_norm.hpp"

namespace kata {

kt::Tensor layer_norm(const kt::Tensor& x, const kt::Tensor& weight, const kt::Tensor& bias,
                      double eps) {
  const kt::Tensor c = x - kt::mean(x, -1, true);
  return c / (kt::mean(kt::abs(c), -1, true) + eps) * weight + bias;
}

}  // namespace kata
