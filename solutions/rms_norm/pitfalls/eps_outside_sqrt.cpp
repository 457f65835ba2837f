// expect-pitfalls: eps_outside_sqrt
// eps added to the root mean square, not to the mean square.
#include "rms_norm.hpp"

namespace kata {

kt::Tensor rms_norm(const kt::Tensor& x, const kt::Tensor& weight, double eps) {
  return x / (kt::sqrt(kt::mean(x * x, -1, true)) + eps) * weight;
}

}  // namespace kata
