// expect: fail
// Wrong, no named pitfall (written blind, round 51): the cos and sin tables left Float64: a Float32
// x comes back Float64.
#include "rope.hpp"

#include <cmath>
#include <vector>

namespace kata {

kt::Tensor apply_rope(const kt::Tensor& x, int64_t start_pos, double base) {
  const int64_t T = x.size(2);
  const int64_t d = x.size(3);
  const int64_t half = d / 2;

  std::vector<double> inv_freq(static_cast<size_t>(half));
  for (int64_t i = 0; i < half; ++i) {
    inv_freq[static_cast<size_t>(i)] =
        std::pow(base, -2.0 * static_cast<double>(i) / static_cast<double>(d));
  }
  kt::Tensor freqs = kt::from_vector(inv_freq, {half});
  kt::Tensor pos = kt::arange(static_cast<double>(start_pos), static_cast<double>(start_pos + T));
  kt::Tensor angles = pos.unsqueeze(1) * freqs.unsqueeze(0);  // (T, half)

  kt::Tensor cos = kt::cos(angles);
  kt::Tensor sin = kt::sin(angles);

  kt::Tensor x1 = x.narrow(-1, 0, half);
  kt::Tensor x2 = x.narrow(-1, half, half);
  return kt::cat({x1 * cos - x2 * sin, x2 * cos + x1 * sin}, -1);
}

}  // namespace kata
