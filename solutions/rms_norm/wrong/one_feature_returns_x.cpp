// expect: fail
// Wrong only at D = 1: returns x there ("a single value is its own RMS"), where the answer is
// x / sqrt(x^2 + eps) * weight. Only one_feature sees it.
#include "rms_norm.hpp"

namespace kata {

kt::Tensor rms_norm(const kt::Tensor& x, const kt::Tensor& weight, double eps) {
  if (x.size(-1) == 1) return x.clone();
  return x * kt::rsqrt(kt::mean(x * x, -1, true) + eps) * weight;
}

}  // namespace kata
