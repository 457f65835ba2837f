// expect: fail
// Wrong: normalises over the first half of each row only (a loop bound off by a factor of two).
#include "layer_norm.hpp"

namespace kata {

kt::Tensor layer_norm(const kt::Tensor& x, const kt::Tensor& weight, const kt::Tensor& bias,
                      double eps) {
  const int64_t d = x.size(-1);
  const kt::Tensor half = x.narrow(-1, 0, (d + 1) / 2);
  const kt::Tensor mean = kt::mean(half, -1, true);
  const kt::Tensor var = kt::var(half, -1, false, true);
  return (x - mean) / kt::sqrt(var + eps) * weight + bias;
}

}  // namespace kata
