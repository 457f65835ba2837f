// expect: fail
// expect-diagnosis: unbiased_variance_in_backward
// Wrong: the backward of a layer norm with the unbiased variance (the forward it differentiates
// is not this kata's).
#include "layer_norm_backward.hpp"

namespace kata {

LayerNormGrads layer_norm_backward(const kt::Tensor& x, const kt::Tensor& weight,
                                   const kt::Tensor& dout, double eps) {
  const int64_t d = x.size(-1);
  const kt::Tensor centred = x - kt::mean(x, -1, true);
  const kt::Tensor var = kt::var(x, -1, /*unbiased=*/true, /*keepdim=*/true);
  const kt::Tensor sigma = kt::sqrt(var + eps), xhat = centred / sigma;
  const kt::Tensor g = dout * weight;
  const double k = double(d) / double(d - 1);
  const kt::Tensor dx =
      (g - kt::mean(g, -1, true) - xhat * kt::mean(g * xhat, -1, true) * k) / sigma;
  return {dx, kt::sum((dout * xhat).reshape({-1, d}), 0), kt::sum(dout.reshape({-1, d}), 0)};
}

}  // namespace kata
