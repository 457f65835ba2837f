// expect-pitfalls: no_max_subtraction, sum_without_keepdim
// Two mistakes: no maximum subtracted, and the sums without keepdim.
#include "softmax.hpp"

namespace kata {

kt::Tensor softmax(const kt::Tensor& x, int64_t dim) {
  const kt::Tensor e = kt::exp(x);
  return e / kt::sum(e, dim);
}

}  // namespace kata
