// expect: fail
// dim moved last with a transpose so the softmax runs over the last axis, and the result never
// transposed back: right for dim = -1, transposed (or of the wrong shape) for any other dim.
#include "softmax.hpp"

namespace kata {

kt::Tensor softmax(const kt::Tensor& x, int64_t dim) {
  const kt::Tensor t = x.transpose(dim, -1);
  const kt::Tensor e = kt::exp(t - kt::amax(t, -1, /*keepdim=*/true));
  return e / kt::sum(e, -1, /*keepdim=*/true);
}

}  // namespace kata
