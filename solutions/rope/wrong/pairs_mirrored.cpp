// expect: fail
// Wrong, no named pitfall: pair i is (x[i], x[d-1-i]) — the second half taken in reverse — instead
// of (x[i], x[i + d/2]). Rotates the right amounts, between the wrong features.
#include <cmath>
#include <vector>

#include "rope.hpp"

namespace {

/// The last axis of t in reverse order.
kt::Tensor reversed(const kt::Tensor& t) {
  std::vector<kt::Tensor> columns;
  for (int64_t j = t.size(-1) - 1; j >= 0; --j) columns.push_back(t.narrow(-1, j, 1));
  return kt::cat(columns, -1);
}

}  // namespace

namespace kata {

kt::Tensor apply_rope(const kt::Tensor& x, int64_t start_pos, double base) {
  const int64_t T = x.size(-2), d = x.size(-1), half = d / 2;
  const kt::Tensor i = kt::arange(double(half));
  const kt::Tensor inv_freq = kt::exp(i * (-2.0 * std::log(base) / double(d)));
  const kt::Tensor positions = kt::arange(double(start_pos), double(start_pos + T)).unsqueeze(1);
  const kt::Tensor angles = positions * inv_freq;
  const kt::Tensor cos = kt::cos(angles).to(x.dtype()), sin = kt::sin(angles).to(x.dtype());
  const kt::Tensor x1 = x.narrow(-1, 0, half), x2 = reversed(x.narrow(-1, half, half));
  const kt::Tensor y1 = x1 * cos - x2 * sin, y2 = x2 * cos + x1 * sin;
  return kt::cat({y1, reversed(y2)}, -1);
}

}  // namespace kata
