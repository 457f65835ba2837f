// expect: fail
// Right values, but centres x in place through a copy of the handle (which shares x's storage):
// the caller's x is changed. inputs_unchanged must fail, and only it.
#include "layer_norm.hpp"

namespace kata {

kt::Tensor layer_norm(const kt::Tensor& x, const kt::Tensor& weight, const kt::Tensor& bias,
                      double eps) {
  kt::Tensor centred = x;
  centred.copy_(x - kt::mean(x, -1, true));
  const kt::Tensor var = kt::mean(centred * centred, -1, true);
  return centred / kt::sqrt(var + eps) * weight + bias;
}

}  // namespace kata
