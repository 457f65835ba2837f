// expect-pitfalls: rope_interleaved_pairs, rope_ignores_start_pos
// Known bad, a double: GPT-J's pairs (x[2i], x[2i+1]) through a view of the last axis as
// (d/2, 2), and the positions counted from 0 whatever start_pos is.
#include <cmath>

#include "rope.hpp"

namespace kata {

kt::Tensor apply_rope(const kt::Tensor& x, int64_t start_pos, double base) {
  (void)start_pos;
  const int64_t T = x.size(-2), d = x.size(-1), half = d / 2;
  const kt::Tensor inv_freq =
      kt::exp(kt::arange(double(half)) * (-2.0 * std::log(base) / double(d)));
  const kt::Tensor angles = kt::arange(double(T)).unsqueeze(1) * inv_freq;
  const kt::Tensor cos = kt::cos(angles).to(x.dtype()), sin = kt::sin(angles).to(x.dtype());
  kt::Shape pairs = x.sizes();
  pairs.back() = half;
  pairs.push_back(2);
  const kt::Tensor p = x.contiguous().view(pairs);
  const kt::Tensor even = p.select(-1, 0), odd = p.select(-1, 1);
  return kt::stack({even * cos - odd * sin, odd * cos + even * sin}, -1).view(x.sizes());
}

}  // namespace kata
