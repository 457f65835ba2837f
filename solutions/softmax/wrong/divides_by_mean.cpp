// expect: fail
// Normalised by the mean of the exponentials instead of their sum: every row sums to n, the
// size of the softmax's dimension.
#include "softmax.hpp"

namespace kata {

kt::Tensor softmax(const kt::Tensor& x, int64_t dim) {
  const kt::Tensor e = kt::exp(x - kt::amax(x, dim, /*keepdim=*/true));
  return e / kt::mean(e, dim, /*keepdim=*/true);
}

}  // namespace kata
