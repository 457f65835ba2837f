// expect: error
// Does not compile: a typo. The report must show the compiler's first error, file:line first.
#include "rope.hpp"

namespace kata {

kt::Tensor apply_rope(const kt::Tensor& x, int64_t start_pos, double base) {
  (void)start_pos;
  (void)base;
  return kt::cos(x) * kt::sinn(x);
}

}  // namespace kata
