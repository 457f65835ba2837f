// expect: fail
// Wrong, no named pitfall and no catalogued mistake: divides exp(x - max) by its Euclidean norm
// along dim instead of its sum (squares sum to 1, not the weights). The grader must claim no
// diagnosis it cannot back.
#include "softmax.hpp"

namespace kata {

kt::Tensor softmax(const kt::Tensor& x, int64_t dim) {
  const kt::Tensor e = kt::exp(x - kt::amax(x, dim, true));
  return e / kt::sqrt(kt::sum(e * e, dim, true));
}

}  // namespace kata
