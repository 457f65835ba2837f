// expect: error
// Does not compile: a typo. The report must show the compiler's first error, file:line first.
#include "layer_norm.hpp"

namespace kata {

kt::Tensor layer_norm(const kt::Tensor& x, const kt::Tensor& weight, const kt::Tensor& bias,
                      double eps) {
  const kt::Tensor mean = kt::mean(x, -1, true) return (x - mean) /
                              kt::sqrt(kt::var(x, -1, false, true) + eps) * weight +
                          bias;
}

}  // namespace kata
