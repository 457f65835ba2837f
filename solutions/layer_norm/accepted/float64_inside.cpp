// expect: pass
// Computes in Float64 whatever x's dtype, and converts back at the end.
#include "layer_norm.hpp"

namespace kata {

kt::Tensor layer_norm(const kt::Tensor& x, const kt::Tensor& weight, const kt::Tensor& bias,
                      double eps) {
  const kt::Tensor x64 = x.to(kt::Float64);
  const kt::Tensor c = x64 - kt::mean(x64, -1, true);
  const kt::Tensor y = c / kt::sqrt(kt::mean(kt::pow(c, 2), -1, true) + eps);
  return (y * weight.to(kt::Float64) + bias.to(kt::Float64)).to(x.dtype());
}

}  // namespace kata
