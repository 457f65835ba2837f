// expect: pass
// The worked solution: each row's mean of squares over the last axis (keepdim), eps inside the
// root, then the weight.
#include "rms_norm.hpp"

namespace kata {

kt::Tensor rms_norm(const kt::Tensor& x, const kt::Tensor& weight, double eps) {
  const kt::Tensor ms = kt::mean(x * x, -1, /*keepdim=*/true);
  return x * kt::rsqrt(ms + eps) * weight;
}

}  // namespace kata
