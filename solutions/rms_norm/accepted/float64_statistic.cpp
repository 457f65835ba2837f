// expect: pass
// The statistic in Float64 (as LLaMA computes it in float32 for half inputs), the result back in
// x's dtype.
#include "rms_norm.hpp"

namespace kata {

kt::Tensor rms_norm(const kt::Tensor& x, const kt::Tensor& weight, double eps) {
  const kt::Tensor x64 = x.to(kt::Float64);
  const kt::Tensor normed = x64 * kt::rsqrt(kt::mean(x64 * x64, -1, true) + eps);
  return (normed * weight.to(kt::Float64)).to(x.dtype());
}

}  // namespace kata
