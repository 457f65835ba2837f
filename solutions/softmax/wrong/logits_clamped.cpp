// expect: fail
// Wrong, no named pitfall: the logits clamped to [-80, 80] before a softmax that subtracts the
// maximum: x + 1000 gives uniform weights. Not no_max_subtraction (the maximum is subtracted), a
// name the detector once gave it from a result that changed but stayed finite.
#include "softmax.hpp"

namespace kata {

kt::Tensor softmax(const kt::Tensor& x_in, int64_t dim) {
  const kt::Tensor x =
      kt::minimum(kt::maximum(x_in, kt::full_like(x_in, -80.0)), kt::full_like(x_in, 80.0));
  // exp(x - m) / sum(exp(x - m)) is the softmax for any m constant along dim; m = the maximum
  // makes every exponent <= 0 (no overflow) and the largest term exactly 1 (no 0 / 0).
  const kt::Tensor shifted = x - kt::amax(x, dim, /*keepdim=*/true);
  const kt::Tensor e = kt::exp(shifted);
  return e / kt::sum(e, dim, /*keepdim=*/true);
}

}  // namespace kata
