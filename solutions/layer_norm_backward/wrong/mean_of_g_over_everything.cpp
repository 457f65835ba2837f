// expect: fail
// The mean of g in dx is taken over every entry of the tensor, not over each row's features.
#include "layer_norm_backward.hpp"

namespace kata {

LayerNormGrads layer_norm_backward(const kt::Tensor& x, const kt::Tensor& weight,
                                   const kt::Tensor& dout, double eps) {
  const int64_t d = x.size(-1);
  const kt::Tensor centred = x - kt::mean(x, -1, true);
  const kt::Tensor sigma = kt::sqrt(kt::mean(centred * centred, -1, true) + eps);
  const kt::Tensor xhat = centred / sigma;
  const kt::Tensor g = dout * weight;
  const kt::Tensor dx = (g - kt::mean(g) - xhat * kt::mean(g * xhat, -1, true)) / sigma;
  const kt::Tensor rows_dout = dout.reshape({-1, d});
  return {dx, kt::sum((dout * xhat).reshape({-1, d}), 0), kt::sum(rows_dout, 0)};
}

}  // namespace kata
