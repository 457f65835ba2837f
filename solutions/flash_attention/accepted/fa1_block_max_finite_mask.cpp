// expect: pass
// Accepted: FlashAttention-1's formulation, each block exponentiated against its own maximum and
// combined with the running one, written safely: the future blocks are skipped, and the diagonal
// is masked with the lowest finite value (a row of the diagonal block always keeps its own key).
#include <algorithm>
#include <cmath>
#include <vector>

#include "flash_attention.hpp"

namespace kata {

kt::Tensor flash_attention(const kt::Tensor& q, const kt::Tensor& k, const kt::Tensor& v,
                           bool is_causal, int64_t block_size) {
  const int64_t T = q.size(-2);
  const double scale = 1.0 / std::sqrt(double(q.size(-1)));
  const double lowest = kt::finfo(q.dtype()).min;
  std::vector<kt::Tensor> out_blocks;
  for (int64_t q0 = 0; q0 < T; q0 += block_size) {
    const int64_t q1 = std::min(T, q0 + block_size);
    const kt::Tensor qb = q.slice(-2, q0, q1);
    kt::Tensor m, l, acc;
    for (int64_t k0 = 0; k0 < (is_causal ? q1 : T); k0 += block_size) {
      const int64_t k1 = std::min(T, k0 + block_size);
      kt::Tensor s = kt::matmul(qb, k.slice(-2, k0, k1).transpose(-2, -1)) * scale;
      if (is_causal && k1 > q0) {
        s = s.masked_fill(~kt::tril(kt::ones({q1 - q0, k1 - k0}, kt::Bool), q0 - k0), lowest);
      }
      const kt::Tensor m_blk = kt::amax(s, -1, true);
      const kt::Tensor p = kt::exp(s - m_blk);
      const kt::Tensor l_blk = kt::sum(p, -1, true), pv = kt::matmul(p, v.slice(-2, k0, k1));
      if (!m.defined()) {
        m = m_blk, l = l_blk, acc = pv;
        continue;
      }
      const kt::Tensor m_new = kt::maximum(m, m_blk);
      const kt::Tensor a = kt::exp(m - m_new), b = kt::exp(m_blk - m_new);
      l = l * a + l_blk * b;
      acc = acc * a + pv * b;
      m = m_new;
    }
    out_blocks.push_back(acc / l);
  }
  return kt::cat(out_blocks, -2);
}

}  // namespace kata
