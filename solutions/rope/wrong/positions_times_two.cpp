// expect: fail
// expect-diagnosis: start_pos_counted_twice
// Wrong, no pitfall: start_pos counted twice (positions 2 start_pos + t): right only from 0.
#include <cmath>

#include "rope.hpp"

namespace kata {

kt::Tensor apply_rope(const kt::Tensor& x, int64_t start_pos, double base) {
  const int64_t T = x.size(-2), d = x.size(-1), half = d / 2;
  const kt::Tensor inv_freq =
      kt::exp(kt::arange(double(half)) * (-2.0 * std::log(base) / double(d)));
  const kt::Tensor angles =
      (kt::arange(double(2 * start_pos), double(2 * start_pos + T)).unsqueeze(1)) * inv_freq;
  const kt::Tensor cos = kt::cos(angles).to(x.dtype()), sin = kt::sin(angles).to(x.dtype());
  const kt::Tensor x1 = x.narrow(-1, 0, half), x2 = x.narrow(-1, half, half);
  return kt::cat({x1 * cos - x2 * sin, x2 * cos + x1 * sin}, -1);
}

}  // namespace kata
