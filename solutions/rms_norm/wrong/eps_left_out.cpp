// expect: fail
// expect-diagnosis: eps_left_out
// Wrong: no eps (a row of zeros would give 0 / 0).
#include "rms_norm.hpp"

namespace kata {

kt::Tensor rms_norm(const kt::Tensor& x, const kt::Tensor& weight, double) {
  return x * kt::rsqrt(kt::mean(x * x, -1, true)) * weight;
}

}  // namespace kata
