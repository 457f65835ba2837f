// expect-pitfalls: max_over_wrong_dim
// The maximum taken with keepdim, then squeezed: squeeze() drops every axis of size 1, so the
// (…, 1) maximum loses its place and broadcasts along the wrong axis (or the shapes do not meet).
#include "softmax.hpp"

namespace kata {

kt::Tensor softmax(const kt::Tensor& x, int64_t dim) {
  const kt::Tensor m = kt::amax(x, dim, /*keepdim=*/true).squeeze();
  const kt::Tensor e = kt::exp(x - m);
  return e / kt::sum(e, dim, /*keepdim=*/true);
}

}  // namespace kata
