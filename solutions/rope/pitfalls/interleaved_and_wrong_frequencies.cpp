// expect-pitfalls: rope_interleaved_pairs, rope_wrong_frequencies
// Known bad, a double: GPT-J's pairs (x[2i], x[2i+1]), taken with strided slices, and the
// frequencies base^(+2i/d) where their inverses were meant.
#include <cmath>

#include "rope.hpp"

namespace kata {

kt::Tensor apply_rope(const kt::Tensor& x, int64_t start_pos, double base) {
  const int64_t T = x.size(-2), d = x.size(-1), half = d / 2;
  const kt::Tensor inv_freq =
      kt::exp(kt::arange(double(half)) * (2.0 * std::log(base) / double(d)));
  const kt::Tensor angles =
      kt::arange(double(start_pos), double(start_pos + T)).unsqueeze(1) * inv_freq;
  const kt::Tensor cos = kt::cos(angles).to(x.dtype()), sin = kt::sin(angles).to(x.dtype());
  const kt::Tensor even = x.slice(-1, 0, d, 2), odd = x.slice(-1, 1, d, 2);
  kt::Tensor out = x.clone();
  out.slice(-1, 0, d, 2).copy_(even * cos - odd * sin);
  out.slice(-1, 1, d, 2).copy_(odd * cos + even * sin);
  return out;
}

}  // namespace kata
