// expect: fail
// Wrong: x scaled by weight before the statistics, (x * weight - mean) / std + bias: no pitfall.
#include "layer_norm.hpp"

namespace kata {

kt::Tensor layer_norm(const kt::Tensor& x, const kt::Tensor& weight, const kt::Tensor& bias,
                      double eps) {
  const kt::Tensor xw = x * weight;
  const kt::Tensor c = xw - kt::mean(xw, -1, true);
  return c / kt::sqrt(kt::mean(c * c, -1, true) + eps) + bias;
}

}  // namespace kata
