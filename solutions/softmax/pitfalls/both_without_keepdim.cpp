// expect-pitfalls: max_over_wrong_dim, sum_without_keepdim
// Neither reduction keeps its axis: the maxima and the sums both line up with x's last axes, not
// along dim. Two mistakes, each named.
#include "softmax.hpp"

namespace kata {

kt::Tensor softmax(const kt::Tensor& x, int64_t dim) {
  const kt::Tensor e = kt::exp(x - kt::amax(x, dim));
  return e / kt::sum(e, dim);
}

}  // namespace kata
