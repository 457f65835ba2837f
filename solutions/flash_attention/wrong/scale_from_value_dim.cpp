// expect: fail
// expect-diagnosis: scale_by_sqrt_d_v
// Wrong, no named pitfall (written as an unseen suite would, round 50): takes the head dim for the
// 1/√d scale from v.size(-1) (d_v) instead of q.size(-1) (d)
// Flash attention: one block of keys at a time, with an online softmax.
#include "flash_attention.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace kata {

kt::Tensor flash_attention(const kt::Tensor& q, const kt::Tensor& k, const kt::Tensor& v,
                           bool is_causal, int64_t block_size) {
  const int64_t T = q.size(-2);
  const int64_t d = v.size(-1);  // head dim
  const double scale = 1.0 / std::sqrt(static_cast<double>(d));
  const double neg_inf = -std::numeric_limits<double>::infinity();

  std::vector<kt::Tensor> outs;
  for (int64_t qs = 0; qs < T; qs += block_size) {
    const int64_t qe = std::min(qs + block_size, T);
    const kt::Tensor qb = q.slice(-2, qs, qe);  // (..., Bq, d)

    kt::Tensor m;    // running max   (..., Bq, 1)
    kt::Tensor l;    // running sum   (..., Bq, 1)
    kt::Tensor acc;  // accumulator   (..., Bq, d_v)

    for (int64_t ks = 0; ks < T; ks += block_size) {
      if (is_causal && ks > qe - 1) break;  // every later key block is in the future
      const int64_t ke = std::min(ks + block_size, T);
      const kt::Tensor kb = k.slice(-2, ks, ke);
      const kt::Tensor vb = v.slice(-2, ks, ke);

      kt::Tensor s = kt::matmul(qb, kb.transpose(-2, -1)) * scale;  // (..., Bq, Bk)
      if (is_causal && ke - 1 > qs) {
        // Query qs + r may see key ks + c when ks + c <= qs + r.
        const kt::Tensor allowed = kt::tril(kt::ones({qe - qs, ke - ks}, kt::Bool), qs - ks);
        s = s.masked_fill(~allowed, neg_inf);
      }

      const kt::Tensor blk_max = kt::amax(s, -1, /*keepdim=*/true);
      const kt::Tensor m_new = m.defined() ? kt::maximum(m, blk_max) : blk_max;
      // A row with nothing visible yet keeps -inf: shift it by 0 instead to avoid -inf - -inf.
      const kt::Tensor m_safe = kt::where(kt::isinf(m_new), 0.0, m_new);
      const kt::Tensor p = kt::exp(s - m_safe);
      if (!m.defined()) {
        l = kt::sum(p, -1, true);
        acc = kt::matmul(p, vb);
      } else {
        const kt::Tensor alpha = kt::exp(m - m_safe);
        l = alpha * l + kt::sum(p, -1, true);
        acc = alpha * acc + kt::matmul(p, vb);
      }
      m = m_new;
    }
    outs.push_back(acc / l);
  }
  return kt::cat(outs, -2);
}

}  // namespace kata
