// expect-pitfalls: missing_xhat_term
// The staged chain rule that forgets dvar (the path through the variance).
#include "layer_norm_backward.hpp"

namespace kata {

LayerNormGrads layer_norm_backward(const kt::Tensor& x, const kt::Tensor& weight,
                                   const kt::Tensor& dout, double eps) {
  const int64_t d = x.size(-1);
  const kt::Tensor centred = x - kt::mean(x, -1, true);
  const kt::Tensor var = kt::mean(centred * centred, -1, true);
  const kt::Tensor inv = kt::rsqrt(var + eps), xhat = centred * inv;
  const kt::Tensor dxhat = dout * weight;
  const kt::Tensor dmean = -kt::sum(dxhat * inv, -1, true);
  const kt::Tensor dx = dxhat * inv + dmean / double(d);
  return {dx, kt::sum((dout * xhat).reshape({-1, d}), 0), kt::sum(dout.reshape({-1, d}), 0)};
}

}  // namespace kata
