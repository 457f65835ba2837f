// expect: fail
// expect-diagnosis: logits_scaled
// Wrong, no named pitfall: a temperature of 2 applied to the logits (softmax(x / 2)), safe and
// along the right axis, but not the softmax asked for.
#include "softmax.hpp"

namespace kata {

kt::Tensor softmax(const kt::Tensor& x, int64_t dim) {
  const kt::Tensor z = x / 2.0;
  const kt::Tensor e = kt::exp(z - kt::amax(z, dim, true));
  return e / kt::sum(e, dim, true);
}

}  // namespace kata
