// expect: fail
// Wrong only at D = 1: kt::var's unbiased variance rescaled by (D - 1) / D is the biased one for
// D >= 2, but 0 / 0 = NaN times 0 at D = 1, where the answer is bias. No pitfall names it.
#include "layer_norm.hpp"

namespace kata {

kt::Tensor layer_norm(const kt::Tensor& x, const kt::Tensor& weight, const kt::Tensor& bias,
                      double eps) {
  const int64_t d = x.size(-1);
  const kt::Tensor var = kt::var(x, -1, true, true) * (double(d - 1) / double(d));
  return (x - kt::mean(x, -1, true)) / kt::sqrt(var + eps) * weight + bias;
}

}  // namespace kata
