// expect-pitfalls: rope_sign_flipped, rope_ignores_start_pos
// Known bad, a double: rotate_half written as cat(x2, -x1) (every pair turns by -angle), and the
// positions counted from 0 whatever start_pos is.
#include <cmath>

#include "rope.hpp"

namespace kata {

kt::Tensor apply_rope(const kt::Tensor& x, int64_t start_pos, double base) {
  (void)start_pos;
  const int64_t T = x.size(-2), d = x.size(-1), half = d / 2;
  const kt::Tensor inv_freq =
      kt::exp(kt::arange(double(half)) * (-2.0 * std::log(base) / double(d)));
  const kt::Tensor angles = (kt::arange(0.0, double(T)).unsqueeze(1)) * inv_freq;
  const kt::Tensor cos = kt::cos(angles).to(x.dtype()), sin = kt::sin(angles).to(x.dtype());
  const kt::Tensor x1 = x.narrow(-1, 0, half), x2 = x.narrow(-1, half, half);
  return kt::cat({x1 * cos + x2 * sin, x2 * cos - x1 * sin}, -1);
}

}  // namespace kata
