// expect: fail
// Wrong: keeps a call counter of its own and divides the variance by D - 1 on every other call.
// Its result depends on more than its arguments, so no pitfall is named for it: a detector asks
// again on the same case and gets another answer.
#include "layer_norm.hpp"

namespace kata {

kt::Tensor layer_norm(const kt::Tensor& x, const kt::Tensor& weight, const kt::Tensor& bias,
                      double eps) {
  static int calls = 0;
  const double d = double(x.size(-1));
  const kt::Tensor mean = kt::mean(x, -1, /*keepdim=*/true);
  const kt::Tensor centred = x - mean;
  kt::Tensor var = kt::mean(centred * centred, -1, /*keepdim=*/true);
  if (++calls % 2 == 1 && d > 1) var = var * (d / (d - 1.0));
  return centred / kt::sqrt(var + eps) * weight + bias;
}

}  // namespace kata
