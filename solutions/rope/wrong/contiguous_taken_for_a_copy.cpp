// expect: fail
// Wrong, no named pitfall (written blind, round 52): x.contiguous() taken for a copy and filled in
// place: a contiguous x is overwritten, and the statement says x is not modified.
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
  const kt::Tensor freqs = kt::from_vector(inv_freq, {1, half});
  const kt::Tensor pos = kt::arange(static_cast<double>(start_pos),
                                    static_cast<double>(start_pos + T))
                             .unsqueeze(1);              // (T, 1)
  const kt::Tensor angles = pos * freqs;                 // (T, half)
  const kt::Tensor cos = kt::cos(angles).to(x.dtype());  // broadcasts over (B, H)
  const kt::Tensor sin = kt::sin(angles).to(x.dtype());

  const kt::Tensor x1 = x.narrow(-1, 0, half);
  const kt::Tensor x2 = x.narrow(-1, half, half);
  const kt::Tensor r1 = x1 * cos - x2 * sin;
  const kt::Tensor r2 = x2 * cos + x1 * sin;

  kt::Tensor out = x.contiguous();
  out.narrow(-1, 0, half).copy_(r1);
  out.narrow(-1, half, half).copy_(r2);
  return out;
}

}  // namespace kata
