// expect: pass
// Correct, computed in place in a copy of x and returned as a view of that copy (a transposed
// view, non-contiguous): the grader compares values, whatever the layout.
#include "softmax.hpp"

namespace kata {

kt::Tensor softmax(const kt::Tensor& x, int64_t dim) {
  const int64_t d = dim < 0 ? dim + x.dim() : dim;
  kt::Tensor work = x.transpose(d, -1).contiguous();
  const kt::Tensor e = kt::exp(work - kt::amax(work, -1, true));
  work.copy_(e / kt::sum(e, -1, true));
  return work.transpose(d, -1);
}

}  // namespace kata
