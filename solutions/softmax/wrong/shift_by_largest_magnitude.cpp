// expect: fail
// expect-message: your shift is larger than the slice's maximum
// Wrong, no named pitfall: each slice is shifted by its largest |x| instead of its largest x. Still
// a constant along dim, so the same numbers while they fit; but a slice of large negative logits
// (-1000, -1001) is shifted by 1001 and every exp underflows to 0: 0 / 0. Not no_max_subtraction
// (a shift is there, right on large positive logits): nothing named.
#include "softmax.hpp"

namespace kata {

kt::Tensor softmax(const kt::Tensor& x, int64_t dim) {
  const kt::Tensor e = kt::exp(x - kt::amax(kt::abs(x), dim, /*keepdim=*/true));
  return e / kt::sum(e, dim, /*keepdim=*/true);
}

}  // namespace kata
