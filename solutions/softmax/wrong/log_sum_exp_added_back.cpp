// expect: fail
// Wrong, no named pitfall: the log-sum-exp built as m + log(sum(exp(x - m))) and subtracted
// from x. With |m| around 1e30 (or finfo.min), m + log(n) rounds back to m, so every weight is
// exp(0) = 1: slices of huge logits and fully masked slices do not sum to 1.
#include "softmax.hpp"

namespace kata {

kt::Tensor softmax(const kt::Tensor& x, int64_t dim) {
  const kt::Tensor m = kt::amax(x, dim, true);
  const kt::Tensor lse = m + kt::log(kt::sum(kt::exp(x - m), dim, true));
  return kt::exp(x - lse);
}

}  // namespace kata
