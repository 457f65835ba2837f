// expect: fail
// Wrong only at D = 1: returns x there ("nothing to normalise"), where the answer is bias.
#include "layer_norm.hpp"

namespace kata {

kt::Tensor layer_norm(const kt::Tensor& x, const kt::Tensor& weight, const kt::Tensor& bias,
                      double eps) {
  if (x.size(-1) == 1) return x.clone();
  const kt::Tensor c = x - kt::mean(x, -1, true);
  return c / kt::sqrt(kt::mean(c * c, -1, true) + eps) * weight + bias;
}

}  // namespace kata
