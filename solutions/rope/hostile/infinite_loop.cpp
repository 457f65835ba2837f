// expect: error
// Hangs: never returns. Each check must time out and say so.
#include "rope.hpp"

namespace kata {

kt::Tensor apply_rope(const kt::Tensor& x, int64_t start_pos, double base) {
  (void)start_pos;
  (void)base;
  volatile bool forever = true;
  while (forever) {
  }
  return x;
}

}  // namespace kata
