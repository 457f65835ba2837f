// expect: pass
// kt::var with unbiased = false, and a multiplication by rsqrt instead of a division.
#include "layer_norm.hpp"

namespace kata {

kt::Tensor layer_norm(const kt::Tensor& x, const kt::Tensor& weight, const kt::Tensor& bias,
                      double eps) {
  const kt::Tensor var = kt::var(x, -1, /*unbiased=*/false, /*keepdim=*/true);
  return (x - kt::mean(x, -1, true)) * kt::rsqrt(var + eps) * weight + bias;
}

}  // namespace kata
