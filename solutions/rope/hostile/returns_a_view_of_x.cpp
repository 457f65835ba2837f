// expect: fail
// expect-diagnosis: not_rotated
// Returns x itself (a view of the caller's tensor, unchanged): never a crash, and wrong everywhere
// but at position 0.
#include "rope.hpp"

namespace kata {

kt::Tensor apply_rope(const kt::Tensor& x, int64_t start_pos, double base) {
  (void)start_pos;
  (void)base;
  return x;
}

}  // namespace kata
