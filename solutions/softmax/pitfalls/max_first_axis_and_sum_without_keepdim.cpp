// expect-pitfalls: max_over_wrong_dim, sum_without_keepdim
// Known bad, a double: the maximum of the first axis whatever dim is, and the sums along dim
// without keepdim. The maxima of the first axis differ from slice to slice even where every
// slice along dim has the same maximum, so they do not cancel out.
#include "softmax.hpp"

namespace kata {

kt::Tensor softmax(const kt::Tensor& x, int64_t dim) {
  const kt::Tensor e = kt::exp(x - kt::amax(x, 0, true));
  return e / kt::sum(e, dim);
}

}  // namespace kata
