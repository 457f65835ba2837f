// expect: fail
// Wrong: dim is moved last with permute(perm) and "moved back" with the same perm instead of its
// inverse, which only undoes it when dim is one of the last two axes.
#include "softmax.hpp"

#include <vector>

namespace kata {

kt::Tensor softmax(const kt::Tensor& x, int64_t dim) {
  const int64_t n = x.dim();
  const int64_t d = dim < 0 ? dim + n : dim;

  // Move the softmax axis to the end (like torch.movedim(x, d, -1)).
  kt::Shape perm;
  for (int64_t i = 0; i < n; ++i) {
    if (i != d) perm.push_back(i);
  }
  perm.push_back(d);
  const kt::Tensor moved = x.permute(perm);

  // The stable softmax over the last axis.
  const kt::Tensor shifted = moved - kt::amax(moved, -1, /*keepdim=*/true);
  const kt::Tensor e = kt::exp(shifted);
  const kt::Tensor y = e / kt::sum(e, -1, /*keepdim=*/true);

  // Move the axis back.
  return y.permute(perm).contiguous();
}

}  // namespace kata
