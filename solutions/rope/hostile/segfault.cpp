// expect: error
// Crashes: writes through a null pointer. Every check must report the crash, not stop the grader.
#include "rope.hpp"

namespace kata {

kt::Tensor apply_rope(const kt::Tensor& x, int64_t start_pos, double base) {
  (void)start_pos;
  (void)base;
  volatile double* p = nullptr;
  *p = 1.0;
  return x;
}

}  // namespace kata
