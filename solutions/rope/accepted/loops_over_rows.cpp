// expect: pass
// Plain loops over the values: x made contiguous, every row of d values rotated pair by pair with
// std::pow, std::cos and std::sin, the result built from a vector.
#include <cmath>
#include <vector>

#include "rope.hpp"

namespace kata {

kt::Tensor apply_rope(const kt::Tensor& x, int64_t start_pos, double base) {
  const kt::Tensor c = x.to(kt::Float64).contiguous();
  const int64_t T = x.size(-2), d = x.size(-1), half = d / 2;
  std::vector<double> v = c.to_vector<double>();
  const int64_t rows = int64_t(v.size()) / d;
  for (int64_t r = 0; r < rows; ++r) {
    const double p = double(start_pos + r % T);
    for (int64_t i = 0; i < half; ++i) {
      const double angle = p / std::pow(base, 2.0 * double(i) / double(d));
      const double a = v[size_t(r * d + i)], b = v[size_t(r * d + i + half)];
      v[size_t(r * d + i)] = a * std::cos(angle) - b * std::sin(angle);
      v[size_t(r * d + i + half)] = b * std::cos(angle) + a * std::sin(angle);
    }
  }
  return kt::from_vector(v, x.sizes()).to(x.dtype());
}

}  // namespace kata
