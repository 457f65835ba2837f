// expect: fail
// expect-diagnosis: depends_on_earlier_calls
// cos and sin tables precomputed once per width d (as LLaMA's freqs_cis) and kept in a static
// map, but keyed by d only: a later call with another base reuses the first call's frequencies.
#include <algorithm>
#include <cmath>
#include <map>
#include <utility>

#include "rope.hpp"

namespace kata {

kt::Tensor apply_rope(const kt::Tensor& x, int64_t start_pos, double base) {
  const int64_t T = x.size(-2), d = x.size(-1), half = d / 2;
  struct Tables {
    double base = 0;
    int64_t rows = 0;
    kt::Tensor cos, sin;  // (rows, half), Float64
  };
  static std::map<int64_t, Tables> by_width;
  Tables& t = by_width[d];
  if (t.rows < start_pos + T) {
    const double b = t.rows == 0 ? base : t.base;  // the first call's base, kept
    const int64_t rows = std::max<int64_t>(4096, 2 * (start_pos + T));
    const kt::Tensor i = kt::arange(double(half));
    const kt::Tensor inv_freq = kt::exp(i * (-2.0 * std::log(b) / double(d)));
    const kt::Tensor angles = kt::arange(0.0, double(rows)).unsqueeze(1) * inv_freq;
    t = {b, rows, kt::cos(angles), kt::sin(angles)};
  }
  const kt::Tensor cos = t.cos.narrow(0, start_pos, T).to(x.dtype());
  const kt::Tensor sin = t.sin.narrow(0, start_pos, T).to(x.dtype());
  const kt::Tensor x1 = x.narrow(-1, 0, half), x2 = x.narrow(-1, half, half);
  return kt::cat({x1 * cos - x2 * sin, x2 * cos + x1 * sin}, -1);
}

}  // namespace kata
