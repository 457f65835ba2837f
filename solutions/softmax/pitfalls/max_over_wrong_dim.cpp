// expect-pitfalls: max_over_wrong_dim
// The maximum over the last axis, the sum over dim: right when dim is the last axis only.
#include "softmax.hpp"

namespace kata {

kt::Tensor softmax(const kt::Tensor& x, int64_t dim) {
  const kt::Tensor e = kt::exp(x - kt::amax(x, -1, true));
  return e / kt::sum(e, dim, true);
}

}  // namespace kata
