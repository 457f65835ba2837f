// expect: fail
// Right values, but scales x in place through a copy of the handle (which shares x's storage):
// the caller's x is changed. inputs_unchanged must fail, and only it.
#include "rms_norm.hpp"

namespace kata {

kt::Tensor rms_norm(const kt::Tensor& x, const kt::Tensor& weight, double eps) {
  kt::Tensor scaled = x;
  scaled.copy_(x * kt::rsqrt(kt::mean(x * x, -1, true) + eps));
  return scaled * weight;
}

}  // namespace kata
