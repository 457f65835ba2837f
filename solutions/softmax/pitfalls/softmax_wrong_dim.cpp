// expect-pitfalls: softmax_wrong_dim
// Ignores dim: always the last axis (the usual case in attention, so it looks right there).
#include "softmax.hpp"

namespace kata {

kt::Tensor softmax(const kt::Tensor& x, int64_t dim) {
  (void)dim;
  const kt::Tensor e = kt::exp(x - kt::amax(x, -1, true));
  return e / kt::sum(e, -1, true);
}

}  // namespace kata
