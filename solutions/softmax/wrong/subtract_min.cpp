// expect: fail
// Wrong, no named pitfall: each slice's minimum subtracted instead of its maximum. The same
// numbers while they fit (softmax ignores a shift), but exp(x - min) overflows where the slice
// spans more than about 709: large_logits fails. Not no_max_subtraction (a shift is there), nothing
// named.
#include "softmax.hpp"

namespace kata {

kt::Tensor softmax(const kt::Tensor& x, int64_t dim) {
  // exp(x - m) / sum(exp(x - m)) is the softmax for any m constant along dim; m = the maximum
  // makes every exponent <= 0 (no overflow) and the largest term exactly 1 (no 0 / 0).
  const kt::Tensor shifted = x - kt::amin(x, dim, /*keepdim=*/true);
  const kt::Tensor e = kt::exp(shifted);
  return e / kt::sum(e, dim, /*keepdim=*/true);
}

}  // namespace kata
