// expect-pitfalls: normalized_wrong_axis
// One mean and one variance for the whole tensor.
#include "layer_norm.hpp"

namespace kata {

kt::Tensor layer_norm(const kt::Tensor& x, const kt::Tensor& weight, const kt::Tensor& bias,
                      double eps) {
  const kt::Tensor c = x - kt::mean(x);
  return c / kt::sqrt(kt::mean(c * c) + eps) * weight + bias;
}

}  // namespace kata
