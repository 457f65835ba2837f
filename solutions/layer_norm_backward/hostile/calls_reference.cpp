// expect: error
// Cheats: calls the grader's reference implementation. The build must refuse it by name.
#include "../../../reference/layer_norm_backward/layer_norm_backward.hpp"  // by a relative path
#include "layer_norm_backward.hpp"

namespace kata {

LayerNormGrads layer_norm_backward(const kt::Tensor& x, const kt::Tensor& weight,
                                   const kt::Tensor& dout, double eps) {
  const ref::LayerNormGrads g = ref::layer_norm_backward(x, weight, dout, eps);
  return {g.dx, g.dweight, g.dbias};
}

}  // namespace kata
