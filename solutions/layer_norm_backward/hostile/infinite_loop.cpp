// expect: error
// Hangs: never returns. Each check must time out and say so.
#include "layer_norm_backward.hpp"

namespace kata {

LayerNormGrads layer_norm_backward(const kt::Tensor& x, const kt::Tensor&, const kt::Tensor&,
                                   double) {
  volatile bool forever = true;
  while (forever) {
  }
  return {x, x, x};
}

}  // namespace kata
