// expect: pass
// Accepted: the log-softmax first, (x - m) - log(sum(exp(x - m))), then exp. The order matters:
// subtracting m before anything else keeps the numbers small.
#include "softmax.hpp"

namespace kata {

kt::Tensor softmax(const kt::Tensor& x, int64_t dim) {
  const kt::Tensor shifted = x - kt::amax(x, dim, true);
  return kt::exp(shifted - kt::log(kt::sum(kt::exp(shifted), dim, true)));
}

}  // namespace kata
