// expect: fail
// Wrong, no named pitfall: no maximum subtracted, the logits clamped to [-80, 80] so that exp
// cannot overflow. No NaN, but x + 1000 now gives uniform weights: the result is not invariant
// under a shift. It computes what softmax(clamp(x)) with the maximum subtracted computes
// (wrong/logits_clamped.cpp), so no_max_subtraction, whose own mistake gives NaN there, is not
// claimed for either: the clamp is the mistake.
#include "softmax.hpp"

namespace kata {

kt::Tensor softmax(const kt::Tensor& x, int64_t dim) {
  const kt::Tensor clamped =
      kt::minimum(kt::maximum(x, kt::full_like(x, -80.0)), kt::full_like(x, 80.0));
  const kt::Tensor e = kt::exp(clamped);
  return e / kt::sum(e, dim, true);
}

}  // namespace kata
