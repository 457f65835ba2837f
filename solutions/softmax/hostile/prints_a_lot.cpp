// expect: pass
// Correct, but prints a lot on every call: the grader must cut the output and still pass it.
#include <cstdio>

#include "softmax.hpp"

namespace kata {

kt::Tensor softmax(const kt::Tensor& x, int64_t dim) {
  for (int i = 0; i < 200; ++i)
    std::printf("debug: softmax of %ld values along dim %ld, line %d\n", long(x.numel()), long(dim),
                i);
  const kt::Tensor e = kt::exp(x - kt::amax(x, dim, true));
  return e / kt::sum(e, dim, true);
}

}  // namespace kata
