// expect-pitfalls: rope_wrong_frequencies
// The frequencies computed in a loop with the exponent 2i/d in integer arithmetic: 2 * i / d is 0
// for every i < d/2, so every pair turns at frequency 1.
#include <cmath>
#include <vector>

#include "rope.hpp"

namespace kata {

kt::Tensor apply_rope(const kt::Tensor& x, int64_t start_pos, double base) {
  const int64_t T = x.size(-2), d = x.size(-1), half = d / 2;
  std::vector<double> freq(static_cast<size_t>(half));
  for (int64_t i = 0; i < half; ++i)
    freq[static_cast<size_t>(i)] = 1.0 / std::pow(base, 2 * i / d);  // integer division
  const kt::Tensor inv_freq = kt::from_vector(freq, {half});
  const kt::Tensor positions = kt::arange(double(start_pos), double(start_pos + T)).unsqueeze(1);
  const kt::Tensor angles = positions * inv_freq;
  const kt::Tensor cos = kt::cos(angles).to(x.dtype()), sin = kt::sin(angles).to(x.dtype());
  const kt::Tensor x1 = x.narrow(-1, 0, half), x2 = x.narrow(-1, half, half);
  return kt::cat({x1 * cos - x2 * sin, x2 * cos + x1 * sin}, -1);
}

}  // namespace kata
