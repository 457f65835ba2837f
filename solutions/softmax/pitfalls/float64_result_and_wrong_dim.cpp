// expect-pitfalls: softmax_wrong_dim
// Two mistakes: works in Float64 and returns Float64 for a Float32 x (the result must have x's
// dtype), and always normalises the last axis, whatever dim says. The wrong dtype must not hide
// the wrong axis: on Float64 inputs the dtype comes out right and the axis is still wrong.
#include "softmax.hpp"

namespace kata {

kt::Tensor softmax(const kt::Tensor& x, int64_t dim) {
  (void)dim;
  const kt::Tensor x64 = x.to(kt::Float64);
  const kt::Tensor e = kt::exp(x64 - kt::amax(x64, -1, true));
  return e / kt::sum(e, -1, true);  // never converted back
}

}  // namespace kata
