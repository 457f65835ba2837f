// expect: fail
// expect-diagnosis: softmax_over_all
// Wrong, no named pitfall: normalises over the whole tensor (every entry divided by the sum of
// all), ignoring dim; right only for a 1-d x.
#include "softmax.hpp"

namespace kata {

kt::Tensor softmax(const kt::Tensor& x, int64_t) {
  const kt::Tensor e = kt::exp(x - kt::amax(x));
  return e / kt::sum(e);
}

}  // namespace kata
