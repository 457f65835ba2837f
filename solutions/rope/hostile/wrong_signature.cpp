// expect: error
// Defines apply_rope with another signature (int start_pos, outside namespace kata): it compiles,
// but the grader's call finds no definition, so linking fails and says so.
#include "rope.hpp"

kt::Tensor apply_rope(const kt::Tensor& x, int start_pos, double base) {
  (void)start_pos;
  (void)base;
  return x;
}
