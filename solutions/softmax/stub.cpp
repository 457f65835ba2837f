// Your kata: the numerically safe softmax. Read README.md, then replace the TODO.
// Grade with:  ./grade softmax        Stuck?  ./grade hint softmax
#include "softmax.hpp"

namespace kata {

kt::Tensor softmax(const kt::Tensor& x, int64_t dim) {
  // TODO: the softmax of x along dim, safe for logits of any size (kt::softmax is not allowed).
  (void)x;
  (void)dim;
  throw kt::NotImplemented(
      "kata::softmax(x, dim) is not implemented yet: write it in katas/softmax/softmax.cpp");
}

}  // namespace kata
