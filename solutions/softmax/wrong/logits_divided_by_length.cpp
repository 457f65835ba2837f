// expect: fail
// Wrong, no named pitfall: the logits are divided by the slice's length before the softmax (a
// temperature nobody asked for).
#include "softmax.hpp"

namespace kata {

kt::Tensor softmax(const kt::Tensor& x, int64_t dim) {
  const kt::Tensor y = x / double(x.size(dim));
  const kt::Tensor e = kt::exp(y - kt::amax(y, dim, /*keepdim=*/true));
  return e / kt::sum(e, dim, /*keepdim=*/true);
}

}  // namespace kata
