// expect-pitfalls: sum_without_keepdim
// The row sums taken without keepdim: shape (..., without dim) broadcasts against x's last axes,
// so on square inputs each entry is divided by another slice's sum (and other shapes throw).
#include "softmax.hpp"

namespace kata {

kt::Tensor softmax(const kt::Tensor& x, int64_t dim) {
  const kt::Tensor e = kt::exp(x - kt::amax(x, dim, true));
  return e / kt::sum(e, dim);
}

}  // namespace kata
