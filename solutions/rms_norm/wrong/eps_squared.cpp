// expect: fail
// eps squared inside the root (eps read as a standard deviation).
#include "rms_norm.hpp"

namespace kata {

kt::Tensor rms_norm(const kt::Tensor& x, const kt::Tensor& weight, double eps) {
  const kt::Tensor ms = kt::mean(x * x, -1, /*keepdim=*/true);
  return x * kt::rsqrt(ms + eps * eps) * weight;
}

}  // namespace kata
