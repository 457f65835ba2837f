// expect: fail
// The shift written max - x instead of x - max: exp(max - x) / sum, the softmax of -x, which puts
// the most weight on the smallest logit.
#include "softmax.hpp"

namespace kata {

kt::Tensor softmax(const kt::Tensor& x, int64_t dim) {
  // exp(x - m) / sum(exp(x - m)) is the softmax for any m constant along dim; m = the maximum
  // makes every exponent <= 0 (no overflow) and the largest term exactly 1 (no 0 / 0).
  const kt::Tensor shifted = kt::amax(x, dim, /*keepdim=*/true) - x;
  const kt::Tensor e = kt::exp(shifted);
  return e / kt::sum(e, dim, /*keepdim=*/true);
}

}  // namespace kata
