#include "reference/rope/rope.hpp"

#include <cmath>
#include <string>
#include <vector>

namespace ref {

kt::Tensor rope(const kt::Tensor& x, int64_t start_pos, double base) {
  if (x.dim() < 2 || x.size(-1) % 2 != 0) {
    throw kt::ShapeError("ref::rope: x must be (..., T, d) with d even, got " +
                         kt::shape_str(x.sizes()));
  }
  const int64_t d = x.size(-1), T = x.size(-2), half = d / 2;
  // The values in row-major order: rows of d values, T rows per leading index.
  std::vector<double> v = x.to(kt::Float64).contiguous().to_vector<double>();
  const int64_t rows = d == 0 ? 0 : int64_t(v.size()) / d;
  std::vector<double> inv_freq(static_cast<size_t>(half));
  for (int64_t i = 0; i < half; ++i)
    inv_freq[size_t(i)] = std::pow(base, -2.0 * double(i) / double(d));
  for (int64_t r = 0; r < rows; ++r) {
    const double position = double(start_pos + r % T);
    double* row = v.data() + r * d;
    for (int64_t i = 0; i < half; ++i) {
      const double angle = position * inv_freq[size_t(i)];
      const double c = std::cos(angle), s = std::sin(angle);
      const double a = row[i], b = row[i + half];
      row[i] = a * c - b * s;
      row[i + half] = b * c + a * s;
    }
  }
  return kt::from_vector(v, x.sizes());
}

}  // namespace ref
