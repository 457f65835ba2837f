// expect-pitfalls: weight_plus_one
// Gemma's convention on LLaMA's weights: scaled by 1 + weight.
#include "rms_norm.hpp"

namespace kata {

kt::Tensor rms_norm(const kt::Tensor& x, const kt::Tensor& weight, double eps) {
  return x * kt::rsqrt(kt::mean(x * x, -1, true) + eps) * (weight + 1.0);
}

}  // namespace kata
