// expect: fail
// Wrong, no named pitfall: subtracts the maximum of the whole tensor. That is the same number for
// every entry, so the result is right on ordinary logits; but a slice far below the global
// maximum (logits of -1000 beside others of +1000) underflows to 0 / 0 = NaN.
#include "softmax.hpp"

namespace kata {

kt::Tensor softmax(const kt::Tensor& x, int64_t dim) {
  const kt::Tensor e = kt::exp(x - kt::amax(x));
  return e / kt::sum(e, dim, true);
}

}  // namespace kata
