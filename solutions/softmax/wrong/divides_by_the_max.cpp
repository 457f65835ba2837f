// expect: fail
// expect-diagnosis: no_normalisation
// Wrong, no named pitfall: divides exp(x - max) by its largest value instead of its sum. That value
// is exp(0) = 1, so nothing is normalised at all: the catalogue's no_normalisation, whatever the
// code looks like.
#include "softmax.hpp"

namespace kata {

kt::Tensor softmax(const kt::Tensor& x, int64_t dim) {
  const kt::Tensor e = kt::exp(x - kt::amax(x, dim, true));
  return e / kt::amax(e, dim, true);
}

}  // namespace kata
