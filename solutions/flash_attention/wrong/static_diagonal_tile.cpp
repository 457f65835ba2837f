// expect: fail
// expect-diagnosis: depends_on_earlier_calls
// Wrong, no named pitfall (written blind, round 52): the diagonal block's causal tile a static
// local: built at the first call's block_size and reused by later calls.
#include "flash_attention.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

namespace kata {

kt::Tensor flash_attention(const kt::Tensor& q, const kt::Tensor& k, const kt::Tensor& v,
                           bool is_causal, int64_t block_size) {
  const int64_t T = q.size(-2);
  const int64_t d = q.size(-1);
  const double scale = 1.0 / std::sqrt(static_cast<double>(d));
  const double neg_inf = -std::numeric_limits<double>::infinity();

  // The causal mask of a diagonal block is the same lower triangle every time: build it once.
  static const kt::Tensor tile = kt::tril(kt::ones({block_size, block_size}, kt::Bool));

  const kt::Tensor qs = q * scale;
  std::vector<kt::Tensor> out_blocks;
  for (int64_t q0 = 0; q0 < T; q0 += block_size) {
    const int64_t q1 = std::min(q0 + block_size, T);
    const kt::Tensor qb = qs.slice(-2, q0, q1);

    kt::Tensor m;    // running max, (..., bq, 1)
    kt::Tensor l;    // running sum of exponentials, (..., bq, 1)
    kt::Tensor acc;  // running weighted values, (..., bq, d_v)

    const int64_t key_end = is_causal ? q1 : T;
    for (int64_t k0 = 0; k0 < key_end; k0 += block_size) {
      const int64_t k1 = std::min(k0 + block_size, T);
      kt::Tensor s = kt::matmul(qb, k.slice(-2, k0, k1).transpose(-2, -1));
      if (is_causal && k0 == q0) {
        const kt::Tensor keep = tile.slice(0, 0, q1 - q0).slice(1, 0, k1 - k0);
        s = s.masked_fill(~keep, neg_inf);
      }
      const kt::Tensor vb = v.slice(-2, k0, k1);
      const kt::Tensor block_max = kt::amax(s, -1, true);

      if (!m.defined()) {
        m = block_max;
        const kt::Tensor p = kt::exp(s - m);
        l = kt::sum(p, -1, true);
        acc = kt::matmul(p, vb);
      } else {
        const kt::Tensor m_new = kt::maximum(m, block_max);
        const kt::Tensor alpha = kt::exp(m - m_new);
        const kt::Tensor p = kt::exp(s - m_new);
        l = l * alpha + kt::sum(p, -1, true);
        acc = acc * alpha + kt::matmul(p, vb);
        m = m_new;
      }
    }
    out_blocks.push_back(acc / l);
  }
  return kt::cat(out_blocks, -2);
}

}  // namespace kata
