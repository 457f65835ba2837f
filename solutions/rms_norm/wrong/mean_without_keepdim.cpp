// expect: fail
// Wrong: the mean of squares without keepdim, which lines up with x's last axis (a shape error on
// most shapes). No pitfall of this kata names it; the report shows where it threw.
#include "rms_norm.hpp"

namespace kata {

kt::Tensor rms_norm(const kt::Tensor& x, const kt::Tensor& weight, double eps) {
  return x * kt::rsqrt(kt::mean(x * x, -1) + eps) * weight;
}

}  // namespace kata
