// expect: fail
// expect-diagnosis: weight_left_out
// Wrong: never scaled by weight.
#include "rms_norm.hpp"

namespace kata {

kt::Tensor rms_norm(const kt::Tensor& x, const kt::Tensor&, double eps) {
  return x * kt::rsqrt(kt::mean(x * x, -1, true) + eps);
}

}  // namespace kata
