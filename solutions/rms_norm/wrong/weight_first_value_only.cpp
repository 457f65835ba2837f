// expect: fail
// Wrong: weight[0] for every feature (and a weight of another size is not refused).
#include "rms_norm.hpp"

namespace kata {

kt::Tensor rms_norm(const kt::Tensor& x, const kt::Tensor& weight, double eps) {
  return x * kt::rsqrt(kt::mean(x * x, -1, true) + eps) * weight.narrow(0, 0, 1);
}

}  // namespace kata
