// expect-pitfalls: materializes_scores
// Known bad: blocked, but two passes: the first keeps every block of scores (to find each row's
// maximum), the second exponentiates them. All T x T scores are alive at once, in pieces.
#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "flash_attention.hpp"

namespace kata {

kt::Tensor flash_attention(const kt::Tensor& q, const kt::Tensor& k, const kt::Tensor& v,
                           bool is_causal, int64_t block_size) {
  const int64_t T = q.size(-2);
  const kt::Tensor qs = q / std::sqrt(double(q.size(-1)));
  const double lowest = kt::finfo(q.dtype()).min;
  std::vector<kt::Tensor> blocks;
  kt::Tensor m;
  for (int64_t k0 = 0; k0 < T; k0 += block_size) {
    const int64_t k1 = std::min(T, k0 + block_size);
    kt::Tensor s = kt::matmul(qs, k.slice(-2, k0, k1).transpose(-2, -1));
    if (is_causal) s = s.masked_fill(~kt::tril(kt::ones({T, k1 - k0}, kt::Bool), -k0), lowest);
    const kt::Tensor bm = kt::amax(s, -1, true);
    m = m.defined() ? kt::maximum(m, bm) : bm;
    blocks.push_back(s);
  }
  kt::Tensor l, acc;
  for (size_t b = 0; b < blocks.size(); ++b) {
    const int64_t k0 = int64_t(b) * block_size, k1 = std::min(T, k0 + block_size);
    const kt::Tensor p = kt::exp(blocks[b] - m);
    const kt::Tensor ps = kt::sum(p, -1, true), pv = kt::matmul(p, v.slice(-2, k0, k1));
    l = l.defined() ? l + ps : ps;
    acc = acc.defined() ? acc + pv : pv;
  }
  return acc / l;
}

}  // namespace kata
