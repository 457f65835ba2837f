// expect: fail
// expect-diagnosis: multiplied_by_root
// Wrong: kt::sqrt where kt::rsqrt belongs.
#include "rms_norm.hpp"

namespace kata {

kt::Tensor rms_norm(const kt::Tensor& x, const kt::Tensor& weight, double eps) {
  return x * kt::sqrt(kt::mean(x * x, -1, true) + eps) * weight;
}

}  // namespace kata
