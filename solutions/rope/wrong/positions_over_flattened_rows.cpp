// expect: fail
// Wrong: x is flattened to (B*H*T, d) rows and the positions are start_pos + the flattened row
// index, so every (batch, head) after the first continues the positions instead of restarting at
// start_pos.
#include "rope.hpp"

#include <cmath>
#include <vector>

namespace kata {

kt::Tensor apply_rope(const kt::Tensor& x, int64_t start_pos, double base) {
  const int64_t d = x.size(-1);
  const int64_t half = d / 2;

  const kt::Tensor rows = x.reshape({-1, d});  // (B*H*T, d), a copy when x is not contiguous
  const int64_t n = rows.size(0);

  std::vector<double> inv_freq(static_cast<size_t>(half));
  for (int64_t i = 0; i < half; ++i) {
    inv_freq[static_cast<size_t>(i)] =
        std::pow(base, -2.0 * static_cast<double>(i) / static_cast<double>(d));
  }
  const kt::Tensor freqs = kt::from_vector(inv_freq, {1, half});

  const kt::Tensor positions =
      kt::arange(static_cast<double>(n)).unsqueeze(-1) + static_cast<double>(start_pos);  // (n, 1)
  const kt::Tensor angles = positions * freqs;  // (n, half)
  const kt::Tensor cos = kt::cos(angles).to(x.dtype());
  const kt::Tensor sin = kt::sin(angles).to(x.dtype());

  const kt::Tensor x1 = rows.narrow(-1, 0, half);
  const kt::Tensor x2 = rows.narrow(-1, half, half);
  const kt::Tensor out = kt::cat({x1 * cos - x2 * sin, x2 * cos + x1 * sin}, -1);
  return out.reshape(x.sizes());
}

}  // namespace kata
