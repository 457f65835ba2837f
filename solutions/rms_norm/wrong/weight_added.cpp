// expect: fail
// The weight added to the normalised x instead of multiplying it.
#include "rms_norm.hpp"

namespace kata {

kt::Tensor rms_norm(const kt::Tensor& x, const kt::Tensor& weight, double eps) {
  const kt::Tensor ms = kt::mean(x * x, -1, /*keepdim=*/true);
  return x * kt::rsqrt(ms + eps) + weight;
}

}  // namespace kata
