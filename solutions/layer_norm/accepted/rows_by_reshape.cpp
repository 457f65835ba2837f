// expect: pass
// Flattens the rows with reshape({-1, D}) (which copies where a view cannot merge the leading
// axes), normalises the (N, D) matrix and reshapes back to x's shape.
#include "layer_norm.hpp"

namespace kata {

kt::Tensor layer_norm(const kt::Tensor& x, const kt::Tensor& weight, const kt::Tensor& bias,
                      double eps) {
  const int64_t d = x.size(-1);
  const kt::Tensor rows = x.reshape({-1, d});
  const kt::Tensor centred = rows - kt::mean(rows, 1, true);
  const kt::Tensor var = kt::mean(centred * centred, 1, true);
  return (centred / kt::sqrt(var + eps) * weight + bias).reshape(x.sizes());
}

}  // namespace kata
