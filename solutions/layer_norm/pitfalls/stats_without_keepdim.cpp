// expect-pitfalls: stats_without_keepdim
// Mean and variance without keepdim: they broadcast against the last axis (a shape error, or
// other rows' statistics on square shapes).
#include "layer_norm.hpp"

namespace kata {

kt::Tensor layer_norm(const kt::Tensor& x, const kt::Tensor& weight, const kt::Tensor& bias,
                      double eps) {
  const kt::Tensor mean = kt::mean(x, -1);
  const kt::Tensor var = kt::mean(kt::pow(x - mean, 2), -1);
  return (x - mean) / kt::sqrt(var + eps) * weight + bias;
}

}  // namespace kata
