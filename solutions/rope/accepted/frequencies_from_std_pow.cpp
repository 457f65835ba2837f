// expect: pass
// Frequencies computed once in a std::vector with std::pow, the angles per position in place with
// copy_ into a preallocated result.
#include <cmath>
#include <vector>

#include "rope.hpp"

namespace kata {

kt::Tensor apply_rope(const kt::Tensor& x, int64_t start_pos, double base) {
  const int64_t T = x.size(-2), d = x.size(-1), half = d / 2;
  std::vector<double> f(static_cast<size_t>(half));
  for (int64_t i = 0; i < half; ++i) f[size_t(i)] = std::pow(base, -2.0 * double(i) / double(d));
  const kt::Tensor inv_freq = kt::from_vector(f, {half});
  kt::Tensor out = kt::empty_like(x);
  for (int64_t t = 0; t < T; ++t) {
    const kt::Tensor angle = inv_freq * double(start_pos + t);
    const kt::Tensor c = kt::cos(angle).to(x.dtype()), s = kt::sin(angle).to(x.dtype());
    const kt::Tensor row = x.narrow(-2, t, 1);
    const kt::Tensor a = row.narrow(-1, 0, half), b = row.narrow(-1, half, half);
    out.narrow(-2, t, 1).narrow(-1, 0, half).copy_(a * c - b * s);
    out.narrow(-2, t, 1).narrow(-1, half, half).copy_(b * c + a * s);
  }
  return out;
}

}  // namespace kata
