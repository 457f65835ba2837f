// expect: pass
// The unbiased variance rescaled by (D - 1) / D: the biased one, written the long way. D = 1 is
// handled apart (the unbiased variance is 0 / 0 there).
#include "layer_norm.hpp"

namespace kata {

kt::Tensor layer_norm(const kt::Tensor& x, const kt::Tensor& weight, const kt::Tensor& bias,
                      double eps) {
  const int64_t d = x.size(-1);
  if (d == 1) return kt::zeros_like(x) + bias;
  const kt::Tensor var = kt::var(x, -1, true, true) * (double(d - 1) / double(d));
  return (x - kt::mean(x, -1, true)) / kt::sqrt(var + eps) * weight + bias;
}

}  // namespace kata
