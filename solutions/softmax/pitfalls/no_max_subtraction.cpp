// expect-pitfalls: no_max_subtraction
// The textbook formula as written: exp(x) / sum(exp(x)). Right for small logits; exp(1000) is
// inf, so large logits give inf / inf = NaN.
#include "softmax.hpp"

namespace kata {

kt::Tensor softmax(const kt::Tensor& x, int64_t dim) {
  const kt::Tensor e = kt::exp(x);
  return e / kt::sum(e, dim, true);
}

}  // namespace kata
