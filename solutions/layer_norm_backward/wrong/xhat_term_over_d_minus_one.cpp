// expect: fail
// expect-message: #16 div of #14 and the number 4
// Wrong: the x̂ term's mean divided by D - 1 (an unbiased habit), the mean term by D.
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
      (g - kt::mean(g, -1, true) - xhat * kt::sum(g * xhat, -1, true) / double(d - 1)) / sigma;
  return {dx, kt::sum((dout * xhat).reshape({-1, d}), 0), kt::sum(dout.reshape({-1, d}), 0)};
}

}  // namespace kata
