// expect: fail
// Wrong for this kata: computes in Float32 whatever x's dtype; a Float64 input is then off by
// ~1e-7 relative, far outside rtol 1e-9.
#include "softmax.hpp"

namespace kata {

kt::Tensor softmax(const kt::Tensor& x, int64_t dim) {
  const kt::Tensor x32 = x.to(kt::Float32);
  const kt::Tensor e = kt::exp(x32 - kt::amax(x32, dim, true));
  return (e / kt::sum(e, dim, true)).to(x.dtype());
}

}  // namespace kata
