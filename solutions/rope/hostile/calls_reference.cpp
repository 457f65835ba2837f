// expect: error
// Cheats: calls the grader's reference implementation. The build must refuse it by name.
#include "../../../reference/rope/rope.hpp"  // found by a relative path, as a cheater would

#include "rope.hpp"

namespace kata {

kt::Tensor apply_rope(const kt::Tensor& x, int64_t start_pos, double base) {
  return ref::rope(x, start_pos, base).to(x.dtype());
}

}  // namespace kata
