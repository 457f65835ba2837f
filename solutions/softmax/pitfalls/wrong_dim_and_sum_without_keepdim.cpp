// expect-pitfalls: softmax_wrong_dim, sum_without_keepdim
// Known bad, a double: always the last axis whatever dim is, and the sums taken without keepdim
// (they broadcast against x's last axes; on most shapes the division throws, on cubes it runs).
#include "softmax.hpp"

namespace kata {

kt::Tensor softmax(const kt::Tensor& x, int64_t dim) {
  (void)dim;
  const kt::Tensor e = kt::exp(x - kt::amax(x, -1, true));
  return e / kt::sum(e, -1);
}

}  // namespace kata
