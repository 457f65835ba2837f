// expect: fail
// Wrong, no named pitfall (written blind, round 52): the rows flattened with x.view({-1, D}): an x
// whose leading axes a view cannot merge throws kt::ViewError.
#include "layer_norm.hpp"

#include <string>

namespace kata {

kt::Tensor layer_norm(const kt::Tensor& x, const kt::Tensor& weight, const kt::Tensor& bias,
                      double eps) {
  const int64_t D = x.size(-1);
  if (weight.dim() != 1 || weight.size(0) != D) {
    throw kt::ShapeError("layer_norm: weight has " + std::to_string(weight.numel()) +
                         " elements, expected D = " + std::to_string(D));
  }
  if (bias.dim() != 1 || bias.size(0) != D) {
    throw kt::ShapeError("layer_norm: bias has " + std::to_string(bias.numel()) +
                         " elements, expected D = " + std::to_string(D));
  }

  // One row of D features per line.
  const kt::Tensor rows = x.view({-1, D});
  const kt::Tensor mean = kt::mean(rows, 1, true);
  const kt::Tensor var = kt::var(rows, 1, /*unbiased=*/false, /*keepdim=*/true);
  const kt::Tensor y = (rows - mean) / kt::sqrt(var + eps) * weight + bias;
  return y.view(x.sizes());
}

}  // namespace kata
