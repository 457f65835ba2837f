// expect-pitfalls: no_rescale
// Known bad: each block exponentiated against its own maximum and the blocks' sums simply added:
// no running maximum, so nothing is ever brought to a common scale.
#include <algorithm>
#include <cmath>
#include <vector>

#include "flash_attention.hpp"

namespace kata {

kt::Tensor flash_attention(const kt::Tensor& q, const kt::Tensor& k, const kt::Tensor& v,
                           bool is_causal, int64_t block_size) {
  const int64_t T = q.size(-2);
  const double scale = 1.0 / std::sqrt(double(q.size(-1)));
  std::vector<kt::Tensor> out_blocks;
  for (int64_t q0 = 0; q0 < T; q0 += block_size) {
    const int64_t q1 = std::min(T, q0 + block_size);
    const kt::Tensor qb = q.slice(-2, q0, q1) * scale;
    kt::Tensor l, acc;
    for (int64_t k0 = 0; k0 < (is_causal ? q1 : T); k0 += block_size) {
      const int64_t k1 = std::min(T, k0 + block_size);
      kt::Tensor s = kt::matmul(qb, k.slice(-2, k0, k1).transpose(-2, -1));
      if (is_causal && k1 > q0) {
        s = s.masked_fill(~kt::tril(kt::ones({q1 - q0, k1 - k0}, kt::Bool), q0 - k0),
                          kt::finfo(q.dtype()).min);
      }
      const kt::Tensor p = kt::exp(s - kt::amax(s, -1, true));
      const kt::Tensor ps = kt::sum(p, -1, true), pv = kt::matmul(p, v.slice(-2, k0, k1));
      l = l.defined() ? l + ps : ps;
      acc = acc.defined() ? acc + pv : pv;
    }
    out_blocks.push_back(acc / l);
  }
  return kt::cat(out_blocks, -2);
}

}  // namespace kata
