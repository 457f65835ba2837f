// expect: fail
// expect-diagnosis: abs_mean_instead
// Wrong: the mean absolute value instead of the root mean square.
#include "rms_norm.hpp"

namespace kata {

kt::Tensor rms_norm(const kt::Tensor& x, const kt::Tensor& weight, double eps) {
  return x / (kt::mean(kt::abs(x), -1, true) + eps) * weight;
}

}  // namespace kata
