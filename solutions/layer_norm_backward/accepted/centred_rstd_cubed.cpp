// expect: pass
// Accepted: dx in the centred form rstd·(g − mean g) − (x − μ)·rstd³·mean(g·(x − μ)), never forming
// x̂ for dx, and the parameter gradients summed axis by axis from the front.
#include <string>

#include "layer_norm_backward.hpp"

namespace kata {

namespace {

// Sums t over every axis but the last, one leading axis at a time: (..., D) -> (D).
kt::Tensor sum_leading(kt::Tensor t) {
  while (t.dim() > 1) t = kt::sum(t, 0);
  return t;
}

}  // namespace

LayerNormGrads layer_norm_backward(const kt::Tensor& x, const kt::Tensor& weight,
                                   const kt::Tensor& dout, double eps) {
  const int64_t D = x.size(-1);
  if (weight.dim() != 1 || weight.size(0) != D) {
    throw kt::ShapeError("layer_norm_backward: weight has shape " + kt::shape_str(weight.sizes()) +
                         ", expected (" + std::to_string(D) + ") to match x's last axis");
  }
  if (dout.sizes() != x.sizes()) {
    throw kt::ShapeError("layer_norm_backward: dout has shape " + kt::shape_str(dout.sizes()) +
                         ", expected x's shape " + kt::shape_str(x.sizes()));
  }

  const kt::Tensor xc = x - kt::mean(x, -1, true);     // x - μ
  const kt::Tensor var = kt::mean(xc * xc, -1, true);  // biased
  const kt::Tensor rstd = 1.0 / kt::sqrt(var + eps);   // 1 / σ
  const kt::Tensor g = dout * weight;                  // dL/dx̂

  // dL/dx_j = rstd (g_j - mean g) - (x_j - μ) rstd³ mean(g (x - μ)):
  // the first term through x_j itself and the mean, the second through the variance.
  const kt::Tensor through_mean = rstd * (g - kt::mean(g, -1, true));
  const kt::Tensor through_var = xc * (rstd * rstd * rstd) * kt::mean(g * xc, -1, true);
  const kt::Tensor dx = through_mean - through_var;

  const kt::Tensor xhat = xc * rstd;
  return {dx, sum_leading(dout * xhat), sum_leading(dout)};
}

}  // namespace kata
