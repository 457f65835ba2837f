// expect-pitfalls: missing_mean_term, missing_xhat_term, dweight_without_xhat
// dx = g / sigma (both terms missing), and dweight = dbias.
#include "layer_norm_backward.hpp"

namespace kata {

LayerNormGrads layer_norm_backward(const kt::Tensor& x, const kt::Tensor& weight,
                                   const kt::Tensor& dout, double eps) {
  const int64_t d = x.size(-1);
  const kt::Tensor centred = x - kt::mean(x, -1, true);
  const kt::Tensor sigma = kt::sqrt(kt::mean(centred * centred, -1, true) + eps);
  const kt::Tensor xhat = centred / sigma;
  const kt::Tensor dx = dout * weight / sigma;
  const kt::Tensor db = kt::sum(dout.reshape({-1, d}), 0);
  (void)xhat;
  return {dx, db, db};
}

}  // namespace kata
