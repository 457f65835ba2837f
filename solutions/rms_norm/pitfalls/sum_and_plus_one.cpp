// expect-pitfalls: sum_not_mean, weight_plus_one
// Two slips: the squares summed, and 1 + weight.
#include "rms_norm.hpp"

namespace kata {

kt::Tensor rms_norm(const kt::Tensor& x, const kt::Tensor& weight, double eps) {
  return x / kt::sqrt(kt::sum(x * x, -1, true) + eps) * (1.0 + weight);
}

}  // namespace kata
