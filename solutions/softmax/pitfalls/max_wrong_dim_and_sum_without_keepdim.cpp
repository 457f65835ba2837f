// expect-pitfalls: max_over_wrong_dim, sum_without_keepdim
// Two mistakes: the maximum over the last axis whatever dim is, and the sums without keepdim.
#include "softmax.hpp"

namespace kata {

kt::Tensor softmax(const kt::Tensor& x, int64_t dim) {
  const kt::Tensor e = kt::exp(x - kt::amax(x, -1, true));
  return e / kt::sum(e, dim);
}

}  // namespace kata
