// expect: fail
// Right gradients, but scales dout by weight in place through a copy of the handle (which shares
// dout's storage): the caller's dout is changed. inputs_unchanged must fail, and only it.
#include "layer_norm_backward.hpp"

namespace kata {

LayerNormGrads layer_norm_backward(const kt::Tensor& x, const kt::Tensor& weight,
                                   const kt::Tensor& dout, double eps) {
  const int64_t d = x.size(-1);
  const kt::Tensor centred = x - kt::mean(x, -1, true);
  const kt::Tensor sigma = kt::sqrt(kt::mean(centred * centred, -1, true) + eps);
  const kt::Tensor xhat = centred / sigma;
  const kt::Tensor dweight = kt::sum((dout * xhat).reshape({-1, d}), 0);
  const kt::Tensor dbias = kt::sum(dout.reshape({-1, d}), 0);
  kt::Tensor g = dout;
  g.copy_(dout * weight);
  const kt::Tensor dx = (g - kt::mean(g, -1, true) - xhat * kt::mean(g * xhat, -1, true)) / sigma;
  return {dx, dweight, dbias};
}

}  // namespace kata
