// expect: pass
// The staged chain rule: dx̂, dvar, dmean, then the three paths into x.
#include "layer_norm_backward.hpp"

namespace kata {

LayerNormGrads layer_norm_backward(const kt::Tensor& x, const kt::Tensor& weight,
                                   const kt::Tensor& dout, double eps) {
  const int64_t d = x.size(-1);
  const kt::Tensor mean = kt::mean(x, -1, true), centred = x - mean;
  const kt::Tensor var = kt::mean(centred * centred, -1, true);
  const kt::Tensor inv = kt::rsqrt(var + eps);
  const kt::Tensor xhat = centred * inv;
  const kt::Tensor dxhat = dout * weight;
  const kt::Tensor dvar = kt::sum(dxhat * centred, -1, true) * -0.5 * kt::pow(var + eps, -1.5);
  const kt::Tensor dmean =
      kt::sum(-dxhat * inv, -1, true) + dvar * kt::mean(-2.0 * centred, -1, true);
  const kt::Tensor dx = dxhat * inv + dvar * 2.0 * centred / double(d) + dmean / double(d);
  kt::Tensor dweight = dout * xhat, dbias = dout;
  while (dweight.dim() > 1) {
    dweight = kt::sum(dweight, 0);
    dbias = kt::sum(dbias, 0);
  }
  return {dx, dweight, dbias};
}

}  // namespace kata
