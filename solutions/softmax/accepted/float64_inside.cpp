// expect: pass
// Accepted: computes in Float64 whatever x's dtype, and returns x's dtype (more precise than
// the Float32 tolerance asks for).
#include "softmax.hpp"

namespace kata {

kt::Tensor softmax(const kt::Tensor& x, int64_t dim) {
  const kt::Tensor x64 = x.to(kt::Float64);
  const kt::Tensor e = kt::exp(x64 - kt::amax(x64, dim, true));
  return (e / kt::sum(e, dim, true)).to(x.dtype());
}

}  // namespace kata
