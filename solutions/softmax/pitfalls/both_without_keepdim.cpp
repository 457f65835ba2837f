// expect-pitfalls: sum_without_keepdim
// Neither reduction keeps its axis. The detectors name the sums: where the misplaced maxima would
// show (square inputs, dim not first), the misplaced sums change the result too, and only the
// sums' signature survives inputs whose slices share one maximum.
#include "softmax.hpp"

namespace kata {

kt::Tensor softmax(const kt::Tensor& x, int64_t dim) {
  const kt::Tensor e = kt::exp(x - kt::amax(x, dim));
  return e / kt::sum(e, dim);
}

}  // namespace kata
