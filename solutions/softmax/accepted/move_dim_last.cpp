// expect: pass
// Accepted: moves dim to the end with transpose, takes the softmax over the last axis, moves it
// back. Negative dims are normalised first.
#include "softmax.hpp"

namespace kata {

kt::Tensor softmax(const kt::Tensor& x, int64_t dim) {
  if (dim < 0) dim += x.dim();
  const kt::Tensor last = x.transpose(dim, -1);
  const kt::Tensor e = kt::exp(last - kt::amax(last, -1, true));
  const kt::Tensor s = e / kt::sum(e, -1, true);
  return s.transpose(dim, -1).contiguous();
}

}  // namespace kata
