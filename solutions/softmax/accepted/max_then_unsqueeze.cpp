// expect: pass
// Accepted: reduces without keepdim, then puts the axis back with unsqueeze (what keepdim does).
// kt::max(x, dim) returns values and indices, like torch.max.
#include "softmax.hpp"

namespace kata {

kt::Tensor softmax(const kt::Tensor& x, int64_t dim) {
  const int64_t d = dim < 0 ? dim + x.dim() : dim;
  const kt::Tensor m = kt::max(x, d).values.unsqueeze(d);
  const kt::Tensor e = kt::exp(x - m);
  return e / kt::sum(e, d).unsqueeze(d);
}

}  // namespace kata
