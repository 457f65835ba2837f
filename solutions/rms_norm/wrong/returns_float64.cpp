// expect: fail
// Wrong: the right values, but always Float64 (a Float32 x must give Float32).
#include "rms_norm.hpp"

namespace kata {

kt::Tensor rms_norm(const kt::Tensor& x, const kt::Tensor& weight, double eps) {
  const kt::Tensor x64 = x.to(kt::Float64);
  return x64 * kt::rsqrt(kt::mean(x64 * x64, -1, true) + eps) * weight.to(kt::Float64);
}

}  // namespace kata
