// expect-pitfalls: eps_outside_sqrt, stats_without_keepdim
// Two slips: statistics without keepdim, and eps after the square root.
#include "layer_norm.hpp"

namespace kata {

kt::Tensor layer_norm(const kt::Tensor& x, const kt::Tensor& weight, const kt::Tensor& bias,
                      double eps) {
  const kt::Tensor mean = kt::mean(x, -1);
  const kt::Tensor sd = kt::sqrt(kt::mean(kt::pow(x - mean, 2), -1));
  return (x - mean) / (sd + eps) * weight + bias;
}

}  // namespace kata
