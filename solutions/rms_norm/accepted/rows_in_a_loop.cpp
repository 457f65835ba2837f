// expect: pass
// Plain loops over (N, D) rows, with the weight's size checked first.
#include <cmath>

#include "rms_norm.hpp"

namespace kata {

kt::Tensor rms_norm(const kt::Tensor& x, const kt::Tensor& weight, double eps) {
  const int64_t d = x.size(-1);
  if (weight.dim() != 1 || weight.size(0) != d)
    throw kt::ShapeError("rms_norm: weight must have shape [" + std::to_string(d) + "]");
  const kt::Tensor rows = x.to(kt::Float64).reshape({-1, d});
  kt::Tensor out = kt::zeros(rows.sizes());
  for (int64_t r = 0; r < rows.size(0); ++r) {
    double ms = 0;
    for (int64_t j = 0; j < d; ++j) ms += rows.at({r, j}) * rows.at({r, j});
    const double inv = 1.0 / std::sqrt(ms / double(d) + eps);
    for (int64_t j = 0; j < d; ++j) out.set({r, j}, rows.at({r, j}) * inv * weight.at({j}));
  }
  return out.reshape(x.sizes()).to(x.dtype());
}

}  // namespace kata
