// expect: fail
// expect-message: #10 sum(-1, keepdim) of #9 (step 6)
// Wrong: dx's two terms with sums where they are means (each D times too large).
#include "layer_norm_backward.hpp"

namespace kata {

LayerNormGrads layer_norm_backward(const kt::Tensor& x, const kt::Tensor& weight,
                                   const kt::Tensor& dout, double eps) {
  const int64_t d = x.size(-1);
  const kt::Tensor centred = x - kt::mean(x, -1, true);
  const kt::Tensor sigma = kt::sqrt(kt::mean(centred * centred, -1, true) + eps);
  const kt::Tensor xhat = centred / sigma;
  const kt::Tensor g = dout * weight;
  const kt::Tensor dx = (g - kt::sum(g, -1, true) - xhat * kt::sum(g * xhat, -1, true)) / sigma;
  return {dx, kt::sum((dout * xhat).reshape({-1, d}), 0), kt::sum(dout.reshape({-1, d}), 0)};
}

}  // namespace kata
