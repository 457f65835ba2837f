// expect: pass
// eps added to every square before the mean: mean(x^2 + eps) = mean(x^2) + eps.
#include "rms_norm.hpp"

namespace kata {

kt::Tensor rms_norm(const kt::Tensor& x, const kt::Tensor& weight, double eps) {
  const kt::Tensor ms = kt::mean(x * x + eps, -1, /*keepdim=*/true);
  return x * kt::rsqrt(ms) * weight;
}

}  // namespace kata
