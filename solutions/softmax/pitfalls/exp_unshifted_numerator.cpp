// expect-pitfalls: no_max_subtraction
// Known bad, written for #32's fourth reader round: the numerator exp(x) unshifted over a
// denominator shifted by the maximum. The exp of x overflows where a logit passes 709: the maximum
// is not subtracted where it matters.
#include "softmax.hpp"

namespace kata {

kt::Tensor softmax(const kt::Tensor& x, int64_t dim) {
  // exp(x - m) / sum(exp(x - m)) is the softmax for any m constant along dim; m = the maximum
  // makes every exponent <= 0 (no overflow) and the largest term exactly 1 (no 0 / 0).
  const kt::Tensor shifted = x - kt::amax(x, dim, /*keepdim=*/true);
  const kt::Tensor e = kt::exp(shifted);
  return kt::exp(x) / kt::sum(e, dim, /*keepdim=*/true);
}

}  // namespace kata
