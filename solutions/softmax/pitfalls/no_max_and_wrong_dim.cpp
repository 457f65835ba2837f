// expect-pitfalls: no_max_subtraction, softmax_wrong_dim
// Two mistakes: no maximum subtracted, and always the last axis.
#include "softmax.hpp"

namespace kata {

kt::Tensor softmax(const kt::Tensor& x, int64_t dim) {
  (void)dim;
  const kt::Tensor e = kt::exp(x);
  return e / kt::sum(e, -1, true);
}

}  // namespace kata
