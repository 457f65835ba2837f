// expect: fail
// Wrong: positions from 0 and start_pos added to every angle (in radians) instead of to the
// positions, so the offset does not scale with each pair's frequency.
#include <cmath>

#include "rope.hpp"

namespace kata {

kt::Tensor apply_rope(const kt::Tensor& x, int64_t start_pos, double base) {
  const int64_t T = x.size(-2), d = x.size(-1), half = d / 2;
  // Frequency of pair i: base^(-2i/d) = exp(-(2i/d) ln base), for i = 0 .. d/2 - 1.
  const kt::Tensor i = kt::arange(double(half));
  const kt::Tensor inv_freq = kt::exp(i * (-2.0 * std::log(base) / double(d)));
  // Positions start_pos .. start_pos + T - 1, as a column: (T, 1) * (d/2) -> (T, d/2).
  const kt::Tensor positions = kt::arange(double(T)).unsqueeze(1);
  const kt::Tensor angles = positions * inv_freq + double(start_pos);
  const kt::Tensor cos = kt::cos(angles).to(x.dtype()), sin = kt::sin(angles).to(x.dtype());
  // Pair i is (x[i], x[i + d/2]): rotate the halves by the same angles.
  const kt::Tensor x1 = x.narrow(-1, 0, half), x2 = x.narrow(-1, half, half);
  return kt::cat({x1 * cos - x2 * sin, x2 * cos + x1 * sin}, -1);
}

}  // namespace kata
