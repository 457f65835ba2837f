// expect: pass
// Accepted: dx = rstd * (g - mean(g) - xhat * mean(g * xhat)) with rstd from kt::rsqrt, the weight
// and bias gradients summed over the rows of a reshape (written as an unseen suite would, round
// 50).
// The backward pass of layer normalization.
#include "layer_norm_backward.hpp"

namespace kata {

LayerNormGrads layer_norm_backward(const kt::Tensor& x, const kt::Tensor& weight,
                                   const kt::Tensor& dout, double eps) {
  const int64_t D = x.size(-1);
  // Forward statistics, per row.
  const kt::Tensor mu = kt::mean(x, -1, /*keepdim=*/true);
  const kt::Tensor xc = x - mu;
  const kt::Tensor var = kt::mean(xc * xc, -1, /*keepdim=*/true);
  const kt::Tensor rstd = kt::rsqrt(var + eps);
  const kt::Tensor xhat = xc * rstd;

  // y = xhat * weight + bias: the gradient reaching xhat.
  const kt::Tensor g = dout * weight;

  // dx = (g - mean(g) - xhat * mean(g * xhat)) / sigma
  const kt::Tensor dx = rstd * (g - kt::mean(g, -1, true) - xhat * kt::mean(g * xhat, -1, true));

  // Parameter gradients: summed over every leading axis.
  const kt::Tensor dweight = kt::sum((dout * xhat).reshape({-1, D}), 0);
  const kt::Tensor dbias = kt::sum(dout.reshape({-1, D}), 0);
  return {dx, dweight, dbias};
}

}  // namespace kata
