// expect: pass
// Accepted: dx written with sums and the reciprocal of sigma, rstd / D * (D g - sum(g) - x̂ sum(g
// x̂)), as fused kernels write it: the same gradient, rounded another way.
#include "layer_norm_backward.hpp"

namespace kata {

LayerNormGrads layer_norm_backward(const kt::Tensor& x, const kt::Tensor& weight,
                                   const kt::Tensor& dout, double eps) {
  const int64_t d = x.size(-1);
  const kt::Tensor centred = x - kt::mean(x, -1, true);
  const kt::Tensor sigma = kt::sqrt(kt::mean(centred * centred, -1, true) + eps);
  const kt::Tensor xhat = centred / sigma;
  const kt::Tensor g = dout * weight;
  // dx = rstd / D * (D g - sum g - x̂ sum(g x̂)): the form PyTorch's and Triton's kernels use.
  const kt::Tensor rstd = 1.0 / sigma;
  const kt::Tensor dx = rstd / double(d) *
                        (g * double(d) - kt::sum(g, -1, true) - xhat * kt::sum(g * xhat, -1, true));
  const kt::Tensor rows_dout = dout.reshape({-1, d});
  return {dx, kt::sum((dout * xhat).reshape({-1, d}), 0), kt::sum(rows_dout, 0)};
}

}  // namespace kata
