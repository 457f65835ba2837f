// expect: fail
// Wrong, no named pitfall: the log-softmax returned (x - max - log(sum exp)), not the softmax.
#include "softmax.hpp"

namespace kata {

kt::Tensor softmax(const kt::Tensor& x, int64_t dim) {
  // exp(x - m) / sum(exp(x - m)) is the softmax for any m constant along dim; m = the maximum
  // makes every exponent <= 0 (no overflow) and the largest term exactly 1 (no 0 / 0).
  const kt::Tensor shifted = x - kt::amax(x, dim, /*keepdim=*/true);
  const kt::Tensor e = kt::exp(shifted);
  return shifted - kt::log(kt::sum(e, dim, /*keepdim=*/true));
}

}  // namespace kata
