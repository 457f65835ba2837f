// expect: pass
// Correct, but scribbles over its input afterwards (through shared storage: a kt::Tensor copy is
// a view). The grader hands each call a fresh copy, so nothing it checks can be corrupted.
#include "softmax.hpp"

namespace kata {

kt::Tensor softmax(const kt::Tensor& x, int64_t dim) {
  const kt::Tensor e = kt::exp(x - kt::amax(x, dim, true));
  const kt::Tensor out = e / kt::sum(e, dim, true);
  kt::Tensor scribble = x;
  scribble.fill_(-7.0);
  return out;
}

}  // namespace kata
