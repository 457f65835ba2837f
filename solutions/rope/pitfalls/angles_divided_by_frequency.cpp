// expect-pitfalls: rope_wrong_frequencies
// Known bad: the angle is position / inv_freq instead of position * inv_freq (the frequency
// confused with its wavelength), which turns pair i by base^(+2i/d) per position.
#include <cmath>

#include "rope.hpp"

namespace kata {

kt::Tensor apply_rope(const kt::Tensor& x, int64_t start_pos, double base) {
  const int64_t T = x.size(-2), d = x.size(-1), half = d / 2;
  const kt::Tensor i = kt::arange(double(half));
  const kt::Tensor inv_freq = kt::exp(i * (-2.0 * std::log(base) / double(d)));
  const kt::Tensor positions = kt::arange(double(start_pos), double(start_pos + T)).unsqueeze(1);
  const kt::Tensor angles = positions / inv_freq;
  const kt::Tensor cos = kt::cos(angles).to(x.dtype()), sin = kt::sin(angles).to(x.dtype());
  const kt::Tensor x1 = x.narrow(-1, 0, half), x2 = x.narrow(-1, half, half);
  return kt::cat({x1 * cos - x2 * sin, x2 * cos + x1 * sin}, -1);
}

}  // namespace kata
