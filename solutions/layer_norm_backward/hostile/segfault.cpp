// expect: error
// Crashes: writes through a null pointer. Every check must report the crash, not stop the grader.
#include "layer_norm_backward.hpp"

namespace kata {

LayerNormGrads layer_norm_backward(const kt::Tensor& x, const kt::Tensor&, const kt::Tensor&,
                                   double) {
  volatile int* nowhere = nullptr;
  *nowhere = 1;
  return {x, x, x};
}

}  // namespace kata
