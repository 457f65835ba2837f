// expect-pitfalls: max_over_wrong_dim, softmax_wrong_dim
// Known bad, a double: the maximum of the first axis (code written for dim = 0) and the sums
// always along the last axis. Where dim is the first axis the maximum happens to be along dim;
// with dim in the middle both reductions are along wrong axes.
#include "softmax.hpp"

namespace kata {

kt::Tensor softmax(const kt::Tensor& x, int64_t dim) {
  (void)dim;
  const kt::Tensor e = kt::exp(x - kt::amax(x, 0, true));
  return e / kt::sum(e, -1, true);
}

}  // namespace kata
