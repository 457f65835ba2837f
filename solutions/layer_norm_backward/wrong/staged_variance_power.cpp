// expect: fail
// Wrong, no named pitfall (written as an unseen suite would, round 50): staged chain rule writes
// (var+eps)^(−3/2) as kt::pow(var + eps, -3 / 2); integer division makes the exponent −1
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

  // Chain rule step by step: xhat = (x - mu) * (var + eps)^(-1/2).
  const double n = static_cast<double>(D);
  const kt::Tensor dvar = kt::sum(g * xc, -1, /*keepdim=*/true) * -0.5 * kt::pow(var + eps, -3 / 2);
  const kt::Tensor dmu =
      kt::sum(-g * rstd, -1, /*keepdim=*/true) + dvar * kt::mean(-2.0 * xc, -1, /*keepdim=*/true);
  const kt::Tensor dx = g * rstd + dvar * 2.0 * xc / n + dmu / n;

  // Parameter gradients: summed over every leading axis.
  const kt::Tensor dweight = kt::sum((dout * xhat).reshape({-1, D}), 0);
  const kt::Tensor dbias = kt::sum(dout.reshape({-1, D}), 0);
  return {dx, dweight, dbias};
}

}  // namespace kata
