// expect: fail
// Wrong: the right values, but always Float64 (a Float32 x must give Float32).
#include "layer_norm.hpp"

namespace kata {

kt::Tensor layer_norm(const kt::Tensor& x, const kt::Tensor& weight, const kt::Tensor& bias,
                      double eps) {
  const kt::Tensor x64 = x.to(kt::Float64);
  const kt::Tensor c = x64 - kt::mean(x64, -1, true);
  return c / kt::sqrt(kt::mean(c * c, -1, true) + eps) * weight.to(kt::Float64) +
         bias.to(kt::Float64);
}

}  // namespace kata
