// expect: fail
// expect-diagnosis: uniform
// Wrong, no named pitfall: uniform weights 1/n whatever the logits (right shape, dtype, sums).
#include "softmax.hpp"

namespace kata {

kt::Tensor softmax(const kt::Tensor& x, int64_t dim) {
  return kt::full_like(x, 1.0) / double(x.size(dim));
}

}  // namespace kata
