// expect: fail
// Two mistakes, no name given: casts the tables and x to Float32, so a Float64 x gives a Float32
// result (the result must have x's dtype), and rotates each pair by -angle (rotate_half as
// cat(x2, -x1)). The pitfall detectors draw Float64 cases only, where the dtype is wrong, and say
// they could not check. The wrong dtype must not hide the sign: on Float32 inputs the dtype comes
// out right, and matches_reference reports the values there as a cause of their own.
#include <cmath>

#include "rope.hpp"

namespace kata {

kt::Tensor apply_rope(const kt::Tensor& x, int64_t start_pos, double base) {
  const int64_t T = x.size(-2), d = x.size(-1), half = d / 2;
  const kt::Tensor inv_freq =
      kt::exp(kt::arange(double(half)) * (-2.0 * std::log(base) / double(d)));
  const kt::Tensor angles =
      (kt::arange(double(start_pos), double(start_pos + T)).unsqueeze(1)) * inv_freq;
  const kt::Tensor cos = kt::cos(angles).to(kt::Float32), sin = kt::sin(angles).to(kt::Float32);
  const kt::Tensor x32 = x.to(kt::Float32);
  const kt::Tensor x1 = x32.narrow(-1, 0, half), x2 = x32.narrow(-1, half, half);
  return kt::cat({x1 * cos + x2 * sin, x2 * cos - x1 * sin}, -1);
}

}  // namespace kata
