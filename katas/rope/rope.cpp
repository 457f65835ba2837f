// Your kata: rotary position embedding. Read README.md, then replace the TODO.
// Grade with:  ./grade rope        Stuck?  ./grade hint rope
#include "rope.hpp"

namespace kata {

kt::Tensor apply_rope(const kt::Tensor& x, int64_t start_pos, double base) {
  // TODO: rotate each pair (x[i], x[i + d/2]) of row t by (start_pos + t) * base^(-2i/d).
  (void)x;
  (void)start_pos;
  (void)base;
  throw kt::NotImplemented(
      "kata::apply_rope(x, start_pos, base) is not implemented yet: write it in "
      "katas/rope/rope.cpp");
}

}  // namespace kata
