// expect: fail
// Wrong, no named pitfall: "cleans" the input with nan_to_num, which turns -inf into 0, so a
// masked entry gets a weight like any logit of 0. Right wherever there is no -inf.
#include "softmax.hpp"

namespace kata {

kt::Tensor softmax(const kt::Tensor& x, int64_t dim) {
  const kt::Tensor clean = kt::nan_to_num(x, 0.0, 0.0, 0.0);
  const kt::Tensor e = kt::exp(clean - kt::amax(clean, dim, true));
  return e / kt::sum(e, dim, true);
}

}  // namespace kata
