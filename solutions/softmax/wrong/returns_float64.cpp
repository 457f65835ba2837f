// expect: fail
// Wrong, no named pitfall: the right values, but always Float64 (a Float32 input must give a
// Float32 result).
#include "softmax.hpp"

namespace kata {

kt::Tensor softmax(const kt::Tensor& x, int64_t dim) {
  const kt::Tensor x64 = x.to(kt::Float64);
  const kt::Tensor e = kt::exp(x64 - kt::amax(x64, dim, true));
  return e / kt::sum(e, dim, true);
}

}  // namespace kata
