// expect-pitfalls: normalized_wrong_axis, weight_plus_one
// The mean of squares over dim 0, and Gemma's 1 + weight.
#include "rms_norm.hpp"

namespace kata {

kt::Tensor rms_norm(const kt::Tensor& x, const kt::Tensor& weight, double eps) {
  return x / kt::sqrt(kt::mean(x * x, 0, true) + eps) * (1.0 + weight);
}

}  // namespace kata
