// expect: pass
// Accepted (written blind as wrong, round 52): checks the weight's size only and leaves a dout that
// does not fit to kt's broadcasting, which throws kt::ShapeError; a dout that broadcasts against x
// is outside the task.
#include "layer_norm_backward.hpp"

#include <string>

namespace kata {

LayerNormGrads layer_norm_backward(const kt::Tensor& x, const kt::Tensor& weight,
                                   const kt::Tensor& dout, double eps) {
  const int64_t D = x.size(-1);
  if (weight.dim() != 1 || weight.size(0) != D) {
    throw kt::ShapeError("layer_norm_backward: weight has " + std::to_string(weight.numel()) +
                         " elements, expected D = " + std::to_string(D));
  }

  // Forward statistics.
  const kt::Tensor mean = kt::mean(x, -1, true);
  const kt::Tensor xc = x - mean;
  const kt::Tensor var = kt::mean(xc * xc, -1, true);
  const kt::Tensor rstd = kt::rsqrt(var + eps);
  const kt::Tensor xhat = xc * rstd;

  // dL/dxhat, then through the normalisation (mean and variance paths included).
  const kt::Tensor g = dout * weight;
  const kt::Tensor dx = rstd * (g - kt::mean(g, -1, true) - xhat * kt::mean(g * xhat, -1, true));

  // Parameter gradients: sum over every row.
  const kt::Tensor dweight = kt::sum((dout * xhat).reshape({-1, D}), 0);
  const kt::Tensor dbias = kt::sum(dout.reshape({-1, D}), 0);
  return {dx, dweight, dbias};
}

}  // namespace kata
