// expect: fail
// Wrong: scaled by the row's largest |x| (no catalogue entry: the report shows the first step the
// code never computes, the mean of squares).
#include "rms_norm.hpp"

namespace kata {

kt::Tensor rms_norm(const kt::Tensor& x, const kt::Tensor& weight, double eps) {
  return x / (kt::amax(kt::abs(x), -1, true) + eps) * weight;
}

}  // namespace kata
