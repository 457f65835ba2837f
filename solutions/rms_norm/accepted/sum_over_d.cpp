// expect: pass
// The sum of squares divided by D, and kt::pow(..., -0.5) for the inverse root.
#include "rms_norm.hpp"

namespace kata {

kt::Tensor rms_norm(const kt::Tensor& x, const kt::Tensor& weight, double eps) {
  const double d = double(x.size(-1));
  return x * kt::pow(kt::sum(x * x, -1, true) / d + eps, -0.5) * weight;
}

}  // namespace kata
