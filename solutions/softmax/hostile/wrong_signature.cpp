// expect: error
// Defines softmax with another signature (int instead of int64_t, outside namespace kata): it
// compiles, but the grader's call finds no definition, so linking fails and says so.
#include "softmax.hpp"

kt::Tensor softmax(const kt::Tensor& x, int dim) {
  const kt::Tensor e = kt::exp(x - kt::amax(x, dim, true));
  return e / kt::sum(e, dim, true);
}
