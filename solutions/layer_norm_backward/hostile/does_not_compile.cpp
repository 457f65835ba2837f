// expect: error
// Does not compile: a typo. The report must show the compiler's first error, file:line first.
#include "layer_norm_backward.hpp"

namespace kata {

LayerNormGrads layer_norm_backward(const kt::Tensor& x, const kt::Tensor& weight,
                                   const kt::Tensor& dout, double eps) {
  const kt::Tensor centred = x - kt::mean(x, -1, true) return {centred, weight, dout * eps};
}

}  // namespace kata
