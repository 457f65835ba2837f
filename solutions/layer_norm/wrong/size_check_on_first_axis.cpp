// expect: fail
// Wrong, no named pitfall (written blind, round 51): D read from x.size(0), not x.size(-1), for the
// size check of weight and bias: a false ShapeError on every x whose first axis is not D.
#include "layer_norm.hpp"

#include <string>

namespace kata {

kt::Tensor layer_norm(const kt::Tensor& x, const kt::Tensor& weight, const kt::Tensor& bias,
                      double eps) {
  const int64_t d = x.size(0);
  if (weight.numel() != d) {
    throw kt::ShapeError("layer_norm: weight has " + std::to_string(weight.numel()) +
                         " elements but x has D = " + std::to_string(d));
  }
  if (bias.numel() != d) {
    throw kt::ShapeError("layer_norm: bias has " + std::to_string(bias.numel()) +
                         " elements but x has D = " + std::to_string(d));
  }

  const kt::Tensor mean = kt::mean(x, -1, true);
  const kt::Tensor var = kt::var(x, -1, false, true);
  return (x - mean) / kt::sqrt(var + eps) * weight + bias;
}

}  // namespace kata
