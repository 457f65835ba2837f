// expect-pitfalls: max_over_wrong_dim
// The maxima taken without keepdim: they broadcast against the last axes, so each entry has
// another slice's maximum subtracted (right only when dim is the first axis; throws on most
// other shapes).
#include "softmax.hpp"

namespace kata {

kt::Tensor softmax(const kt::Tensor& x, int64_t dim) {
  const kt::Tensor e = kt::exp(x - kt::amax(x, dim));
  return e / kt::sum(e, dim, true);
}

}  // namespace kata
