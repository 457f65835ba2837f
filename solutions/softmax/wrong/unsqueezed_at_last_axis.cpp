// expect: fail
// The row sums taken without keepdim and unsqueezed at the last axis, not at dim: right when dim
// is the last axis, misaligned (or a broadcast error) for any other.
#include "softmax.hpp"

namespace kata {

kt::Tensor softmax(const kt::Tensor& x, int64_t dim) {
  // exp(x - m) / sum(exp(x - m)) is the softmax for any m constant along dim; m = the maximum
  // makes every exponent <= 0 (no overflow) and the largest term exactly 1 (no 0 / 0).
  const kt::Tensor shifted = x - kt::amax(x, dim, /*keepdim=*/true);
  const kt::Tensor e = kt::exp(shifted);
  return e / kt::sum(e, dim).unsqueeze(-1);
}

}  // namespace kata
