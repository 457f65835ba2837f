// expect: fail
// expect-diagnosis: not_rotated
// Wrong, no pitfall: x returned unchanged (right only at position 0).
#include "rope.hpp"

namespace kata {

kt::Tensor apply_rope(const kt::Tensor& x, int64_t start_pos, double base) {
  (void)start_pos;
  (void)base;
  return x.clone();
}

}  // namespace kata
