// expect: error
// Cheats: calls the grader's reference implementation. The build must refuse it by name.
#include "../../../reference/rms_norm/rms_norm.hpp"  // found by a relative path, as a cheater would
#include "rms_norm.hpp"

namespace kata {

kt::Tensor rms_norm(const kt::Tensor& x, const kt::Tensor& weight, double eps) {
  return ref::rms_norm(x, weight, eps).to(x.dtype());
}

}  // namespace kata
