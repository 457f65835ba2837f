// expect: fail
// Wrong, no named pitfall: subtracts each slice's mean instead of its maximum. Invariant under a
// shift, and right on ordinary logits, but a slice spread over thousands still overflows.
#include "softmax.hpp"

namespace kata {

kt::Tensor softmax(const kt::Tensor& x, int64_t dim) {
  const kt::Tensor e = kt::exp(x - kt::mean(x, dim, true));
  return e / kt::sum(e, dim, true);
}

}  // namespace kata
