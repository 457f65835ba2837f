// expect: fail
// expect-diagnosis: eps_ignored
// Wrong: LLaMA's eps written into the formula, whatever the call passes.
#include "rms_norm.hpp"

namespace kata {

kt::Tensor rms_norm(const kt::Tensor& x, const kt::Tensor& weight, double) {
  return x * kt::rsqrt(kt::mean(x * x, -1, true) + 1e-6) * weight;
}

}  // namespace kata
