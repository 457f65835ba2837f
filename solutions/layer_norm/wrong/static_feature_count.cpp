// expect: fail
// expect-diagnosis: depends_on_earlier_calls
// Wrong, no named pitfall (written blind, round 51): 1/D held in a function-local static: fixed by
// the first call's D.
#include "layer_norm.hpp"

#include <string>

namespace kata {

kt::Tensor layer_norm(const kt::Tensor& x, const kt::Tensor& weight, const kt::Tensor& bias,
                      double eps) {
  const int64_t d = x.size(-1);
  if (weight.dim() != 1 || weight.size(0) != d) {
    throw kt::ShapeError("layer_norm: weight has shape " + kt::shape_str(weight.sizes()) +
                         " but x's last axis has size " + std::to_string(d));
  }
  if (bias.dim() != 1 || bias.size(0) != d) {
    throw kt::ShapeError("layer_norm: bias has shape " + kt::shape_str(bias.sizes()) +
                         " but x's last axis has size " + std::to_string(d));
  }

  static const double inv_d = 1.0 / static_cast<double>(d);
  const kt::Tensor mean = kt::sum(x, -1, true) * inv_d;
  const kt::Tensor centered = x - mean;
  const kt::Tensor var = kt::sum(centered * centered, -1, true) * inv_d;
  return centered * kt::rsqrt(var + eps) * weight + bias;
}

}  // namespace kata
