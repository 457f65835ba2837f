// expect: fail
// expect-diagnosis: rms_norm_instead
// Wrong: RMSNorm's statistic and numerator (no mean), with LayerNorm's bias.
#include "layer_norm.hpp"

namespace kata {

kt::Tensor layer_norm(const kt::Tensor& x, const kt::Tensor& weight, const kt::Tensor& bias,
                      double eps) {
  return x * kt::rsqrt(kt::mean(x * x, -1, true) + eps) * weight + bias;
}

}  // namespace kata
