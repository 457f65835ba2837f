// expect: error
// Does not compile: a typo. The report must show the compiler's first error, file:line first.
#include "rms_norm.hpp"

namespace kata {

kt::Tensor rms_norm(const kt::Tensor& x, const kt::Tensor& weight, double eps) {
  const kt::Tensor ms = kt::mean(x * x, -1, true) return x * kt::rsqrt(ms + eps) * weight;
}

}  // namespace kata
