// expect-pitfalls: max_over_wrong_dim
// The maximum of the first axis taken for every dim (the code was written for dim = 0).
#include "softmax.hpp"

namespace kata {

kt::Tensor softmax(const kt::Tensor& x, int64_t dim) {
  const kt::Tensor e = kt::exp(x - kt::amax(x, 0, true));
  return e / kt::sum(e, dim, true);
}

}  // namespace kata
