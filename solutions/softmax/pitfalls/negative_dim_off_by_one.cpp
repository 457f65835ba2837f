// expect-pitfalls: softmax_wrong_dim
// Normalises a negative dim wrongly (x.dim() - 1 + dim): -1 becomes the second-to-last axis, -2
// the third-to-last, and -x.dim() is left as -1, the last axis.
#include "softmax.hpp"

namespace kata {

kt::Tensor softmax(const kt::Tensor& x, int64_t dim) {
  if (dim < 0) dim = x.dim() - 1 + dim;
  const kt::Tensor e = kt::exp(x - kt::amax(x, dim, true));
  return e / kt::sum(e, dim, true);
}

}  // namespace kata
