// expect: fail
// Wrong: the leading axes are merged with x.flatten(0, -2), which has no second-to-last axis to end
// at on a rank-1 x, so a single row of D throws instead of being normalised.
#include <string>

#include "layer_norm.hpp"

namespace kata {

kt::Tensor layer_norm(const kt::Tensor& x, const kt::Tensor& weight, const kt::Tensor& bias,
                      double eps) {
  const int64_t D = x.size(-1);
  if (weight.dim() != 1 || weight.size(0) != D) {
    throw kt::ShapeError("layer_norm: weight has size " + kt::shape_str(weight.sizes()) +
                         " but x's last axis has D = " + std::to_string(D));
  }
  if (bias.dim() != 1 || bias.size(0) != D) {
    throw kt::ShapeError("layer_norm: bias has size " + kt::shape_str(bias.sizes()) +
                         " but x's last axis has D = " + std::to_string(D));
  }
  // (N, D): one row per normalised vector.
  const kt::Tensor rows = x.flatten(0, -2);
  const kt::Tensor mean = kt::mean(rows, 1, true);
  const kt::Tensor centred = rows - mean;
  const kt::Tensor var = kt::mean(centred * centred, 1, true);
  const kt::Tensor y = centred / kt::sqrt(var + eps) * weight + bias;
  return y.reshape(x.sizes());
}

}  // namespace kata
