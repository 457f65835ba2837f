// expect: fail
// eps added to the sum of squares before dividing by D: the root reads mean(x^2) + eps / D.
#include "rms_norm.hpp"

namespace kata {

kt::Tensor rms_norm(const kt::Tensor& x, const kt::Tensor& weight, double eps) {
  const double d = double(x.size(-1));
  const kt::Tensor total = kt::sum(x * x, -1, /*keepdim=*/true) + eps;
  return x * kt::rsqrt(total / d) * weight;
}

}  // namespace kata
