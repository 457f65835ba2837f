// expect: pass
// Makes x contiguous, views it as (rows, 2, d/2) so that the halves are one axis, and rotates with
// select and stack.
#include <cmath>

#include "rope.hpp"

namespace kata {

kt::Tensor apply_rope(const kt::Tensor& x, int64_t start_pos, double base) {
  const int64_t T = x.size(-2), d = x.size(-1), half = d / 2;
  const kt::Tensor inv_freq =
      kt::exp(kt::arange(double(half)) * (-2.0 * std::log(base) / double(d)));
  const kt::Tensor angles =
      kt::arange(double(start_pos), double(start_pos + T)).unsqueeze(1) * inv_freq;  // (T, d/2)
  const kt::Tensor cos = kt::cos(angles).to(x.dtype()), sin = kt::sin(angles).to(x.dtype());
  const int64_t lead = x.numel() / (T * d);
  const kt::Tensor h = x.contiguous().view({lead, T, 2, half});
  const kt::Tensor a = h.select(2, 0), b = h.select(2, 1);
  return kt::stack({a * cos - b * sin, b * cos + a * sin}, 2).view(x.sizes());
}

}  // namespace kata
