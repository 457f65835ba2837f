// expect: fail
// expect-diagnosis: no_sqrt
// Wrong: divided by the mean square, not its root.
#include "rms_norm.hpp"

namespace kata {

kt::Tensor rms_norm(const kt::Tensor& x, const kt::Tensor& weight, double eps) {
  return x / (kt::mean(x * x, -1, true) + eps) * weight;
}

}  // namespace kata
