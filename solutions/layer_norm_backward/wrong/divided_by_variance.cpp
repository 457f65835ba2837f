// expect: fail
// expect-diagnosis: dx_divided_by_variance
// Wrong: dx divided by sigma * sigma (var + eps), where it is divided by sigma once.
#include "layer_norm_backward.hpp"

namespace kata {

LayerNormGrads layer_norm_backward(const kt::Tensor& x, const kt::Tensor& weight,
                                   const kt::Tensor& dout, double eps) {
  const int64_t d = x.size(-1);
  const kt::Tensor centred = x - kt::mean(x, -1, true);
  const kt::Tensor sigma = kt::sqrt(kt::mean(centred * centred, -1, true) + eps);
  const kt::Tensor xhat = centred / sigma;
  const kt::Tensor g = dout * weight;
  const kt::Tensor dx =
      (g - kt::mean(g, -1, true) - xhat * kt::mean(g * xhat, -1, true)) / (sigma * sigma);
  return {dx, kt::sum((dout * xhat).reshape({-1, d}), 0), kt::sum(dout.reshape({-1, d}), 0)};
}

}  // namespace kata
