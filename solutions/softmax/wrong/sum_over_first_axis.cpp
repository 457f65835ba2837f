// expect: fail
// Wrong, no named pitfall and no catalogued mistake: the max along dim, but the sum along axis 0
// (a 2-d habit). Close to sum_over_last_axis, which the catalogue has; this one it has not, so no
// diagnosis may be claimed.
#include "softmax.hpp"

namespace kata {

kt::Tensor softmax(const kt::Tensor& x, int64_t dim) {
  const kt::Tensor e = kt::exp(x - kt::amax(x, dim, true));
  return e / kt::sum(e, 0, true);
}

}  // namespace kata
