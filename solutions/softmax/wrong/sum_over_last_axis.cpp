// expect: fail
// expect-diagnosis: sum_over_last_axis
// Wrong, no named pitfall: the maximum along dim, but the sums always along the last axis. Right
// when dim is the last axis only; elsewhere the slices along dim do not sum to 1.
#include "softmax.hpp"

namespace kata {

kt::Tensor softmax(const kt::Tensor& x, int64_t dim) {
  const kt::Tensor e = kt::exp(x - kt::amax(x, dim, true));
  return e / kt::sum(e, -1, true);
}

}  // namespace kata
