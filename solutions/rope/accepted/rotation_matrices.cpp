// expect: pass
// Accepted: builds each position's (d, d) rotation matrix (cos on the diagonal, -sin / +sin
// coupling features i and i + d/2) and applies it with one batched matmul of x's rows.
#include "rope.hpp"

#include <cmath>

namespace kata {

kt::Tensor apply_rope(const kt::Tensor& x, int64_t start_pos, double base) {
  const int64_t T = x.size(-2);
  const int64_t d = x.size(-1);
  const int64_t half = d / 2;

  // R[t] maps a row at position start_pos + t to its rotated row: out = R[t] · row.
  kt::Tensor R = kt::zeros({T, d, d});
  for (int64_t t = 0; t < T; ++t) {
    const double p = static_cast<double>(start_pos + t);
    for (int64_t i = 0; i < half; ++i) {
      const double inv_freq =
          std::pow(base, -2.0 * static_cast<double>(i) / static_cast<double>(d));
      const double theta = p * inv_freq;
      const double c = std::cos(theta);
      const double s = std::sin(theta);
      R.set({t, i, i}, c);
      R.set({t, i, i + half}, -s);
      R.set({t, i + half, i}, s);
      R.set({t, i + half, i + half}, c);
    }
  }

  // Rows as (…, T, 1, d) times R[t]ᵀ (T, d, d): (…, T, 1, d), the batch axes broadcast.
  const kt::Tensor Rt = R.to(x.dtype()).transpose(-2, -1);
  return kt::matmul(x.unsqueeze(-2), Rt).squeeze(-2);
}

}  // namespace kata
