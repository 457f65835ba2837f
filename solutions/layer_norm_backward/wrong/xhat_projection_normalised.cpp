// expect: fail
// Wrong: the x̂ term is written as the projection of g onto x̂, mean(g·x̂) / mean(x̂²) · x̂, taking
// mean(x̂²) for the 1 it is only without eps (it is var / (var + eps)).
#include <string>

#include "layer_norm_backward.hpp"

namespace kata {

LayerNormGrads layer_norm_backward(const kt::Tensor& x, const kt::Tensor& weight,
                                   const kt::Tensor& dout, double eps) {
  const int64_t D = x.size(-1);
  if (weight.dim() != 1 || weight.size(0) != D) {
    throw kt::ShapeError("layer_norm_backward: weight has shape " + kt::shape_str(weight.sizes()) +
                         " but x's last axis is D = " + std::to_string(D));
  }
  if (dout.sizes() != x.sizes()) {
    throw kt::ShapeError("layer_norm_backward: dout has shape " + kt::shape_str(dout.sizes()) +
                         " but x has shape " + kt::shape_str(x.sizes()));
  }
  const kt::Tensor mu = kt::mean(x, -1, true);
  const kt::Tensor xc = x - mu;
  const kt::Tensor var = kt::mean(xc * xc, -1, true);
  const kt::Tensor rstd = kt::rsqrt(var + eps);
  const kt::Tensor xhat = xc * rstd;

  const kt::Tensor g = dout * weight;
  // Remove from g its mean and its component along x̂.
  const kt::Tensor along = kt::mean(g * xhat, -1, true) / kt::mean(xhat * xhat, -1, true);
  const kt::Tensor dx = rstd * (g - kt::mean(g, -1, true) - xhat * along);

  const kt::Tensor rows_dout = dout.reshape({-1, D});
  const kt::Tensor rows_xhat = xhat.reshape({-1, D});
  return {dx, kt::sum(rows_dout * rows_xhat, 0), kt::sum(rows_dout, 0)};
}

}  // namespace kata
