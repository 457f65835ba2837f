// expect-pitfalls: no_max_subtraction
// The maximum divided out after the exponential instead of subtracted before it: exp(x) / exp(max)
// is the same number while exp(x) fits, but exp of the unshifted logits overflows to inf first.
#include "softmax.hpp"

namespace kata {

kt::Tensor softmax(const kt::Tensor& x, int64_t dim) {
  // exp(x - m) / sum(exp(x - m)) is the softmax for any m constant along dim; m = the maximum
  // makes every exponent <= 0 (no overflow) and the largest term exactly 1 (no 0 / 0).
  const kt::Tensor e = kt::exp(x) / kt::exp(kt::amax(x, dim, /*keepdim=*/true));
  return e / kt::sum(e, dim, /*keepdim=*/true);
}

}  // namespace kata
