// expect: fail
// Wrong: the squares summed and divided by D - 1: neither the mean nor the sum.
#include "rms_norm.hpp"

namespace kata {

kt::Tensor rms_norm(const kt::Tensor& x, const kt::Tensor& weight, double eps) {
  const double d = double(x.size(-1));
  return x * kt::rsqrt(kt::sum(x * x, -1, true) / (d - 1.0) + eps) * weight;
}

}  // namespace kata
