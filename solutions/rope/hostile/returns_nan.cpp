// expect: fail
// Returns NaN everywhere (a 0 / 0): the report says NaN, and no detector names a pitfall.
#include "rope.hpp"

namespace kata {

kt::Tensor apply_rope(const kt::Tensor& x, int64_t start_pos, double base) {
  (void)start_pos;
  (void)base;
  return x * 0.0 / 0.0;
}

}  // namespace kata
