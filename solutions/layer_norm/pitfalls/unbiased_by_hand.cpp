// expect-pitfalls: unbiased_variance
// The squared deviations summed and divided by D - 1, by hand.
#include "layer_norm.hpp"

namespace kata {

kt::Tensor layer_norm(const kt::Tensor& x, const kt::Tensor& weight, const kt::Tensor& bias,
                      double eps) {
  const kt::Tensor c = x - kt::mean(x, -1, true);
  const kt::Tensor var = kt::sum(c * c, -1, true) / double(x.size(-1) - 1);
  return c / kt::sqrt(var + eps) * weight + bias;
}

}  // namespace kata
