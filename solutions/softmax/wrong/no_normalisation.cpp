// expect: fail
// expect-diagnosis: no_normalisation
// Wrong, no named pitfall: forgets to divide by the sum (returns exp(x - max)).
#include "softmax.hpp"

namespace kata {

kt::Tensor softmax(const kt::Tensor& x, int64_t dim) { return kt::exp(x - kt::amax(x, dim, true)); }

}  // namespace kata
