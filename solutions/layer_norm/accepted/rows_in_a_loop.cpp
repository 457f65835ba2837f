// expect: pass
// Flattens x to (N, D) and normalises one row at a time with plain loops over the values, checking
// the sizes itself first.
#include <cmath>
#include <vector>

#include "layer_norm.hpp"

namespace kata {

kt::Tensor layer_norm(const kt::Tensor& x, const kt::Tensor& weight, const kt::Tensor& bias,
                      double eps) {
  const int64_t d = x.size(-1);
  if (weight.dim() != 1 || weight.size(0) != d)
    throw kt::ShapeError("layer_norm: weight must have shape [D] = [" + std::to_string(d) + "]");
  if (bias.dim() != 1 || bias.size(0) != d)
    throw kt::ShapeError("layer_norm: bias must have shape [D] = [" + std::to_string(d) + "]");
  const kt::Tensor rows = x.to(kt::Float64).reshape({-1, d});
  const auto w = weight.to(kt::Float64).to_vector<double>();
  const auto b = bias.to(kt::Float64).to_vector<double>();
  kt::Tensor out = kt::zeros(rows.sizes());
  for (int64_t r = 0; r < rows.size(0); ++r) {
    double mean = 0, var = 0;
    for (int64_t j = 0; j < d; ++j) mean += rows.at({r, j});
    mean /= double(d);
    for (int64_t j = 0; j < d; ++j) var += std::pow(rows.at({r, j}) - mean, 2);
    var /= double(d);
    for (int64_t j = 0; j < d; ++j)
      out.set({r, j},
              (rows.at({r, j}) - mean) / std::sqrt(var + eps) * w[size_t(j)] + b[size_t(j)]);
  }
  return out.reshape(x.sizes()).to(x.dtype());
}

}  // namespace kata
