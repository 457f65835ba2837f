// expect: pass
// Accepted: for each block of queries the key blocks are visited backwards, starting from the last
// one it may see (the masked diagonal block when causal), so the running maximum is finite after
// the first block and every later block needs no mask.
#include <algorithm>
#include <cmath>
#include <limits>

#include "flash_attention.hpp"

namespace kata {

kt::Tensor flash_attention(const kt::Tensor& q, const kt::Tensor& k, const kt::Tensor& v,
                           bool is_causal, int64_t block_size) {
  const kt::Dtype dt = q.dtype();
  const int64_t T = q.size(-2);
  const int64_t d = q.size(-1);
  const int64_t dv = v.size(-1);
  const double scale = 1.0 / std::sqrt(static_cast<double>(d));
  const double neg_inf = -std::numeric_limits<double>::infinity();
  const int64_t bs = block_size;

  const kt::Shape lead(q.sizes().begin(), q.sizes().end() - 2);
  auto with = [&lead](int64_t a, int64_t b) {
    kt::Shape s = lead;
    s.push_back(a);
    s.push_back(b);
    return s;
  };

  kt::Tensor out = kt::empty(with(T, dv), dt);
  for (int64_t qs = 0; qs < T; qs += bs) {
    const int64_t qe = std::min(qs + bs, T);
    const int64_t bq = qe - qs;
    const kt::Tensor qb = q.slice(-2, qs, qe);  // (..., bq, d)

    kt::Tensor m = kt::full(with(bq, 1), neg_inf, dt);  // running maximum
    kt::Tensor l = kt::zeros(with(bq, 1), dt);          // running sum of exp(s - m)
    kt::Tensor acc = kt::zeros(with(bq, dv), dt);       // running sum of exp(s - m) v

    // Key blocks start at multiples of bs, like the query blocks. The last one a query of this
    // block may see: the diagonal block (which starts at qs) when causal, the last block if not.
    const int64_t last = is_causal ? qs : ((T - 1) / bs) * bs;
    for (int64_t ks = last; ks >= 0; ks -= bs) {
      const int64_t ke = std::min(ks + bs, T);
      const kt::Tensor kb = k.slice(-2, ks, ke);
      const kt::Tensor vb = v.slice(-2, ks, ke);

      kt::Tensor s = kt::matmul(qb, kb.transpose(-2, -1)) * scale;  // (..., bq, bk)
      if (is_causal && ks == qs) {
        // Diagonal block (square, bk == bq): query qs + r sees keys qs + c with c <= r, so
        // every query keeps at least its own key and the block's max is finite.
        const kt::Tensor hidden = kt::arange(static_cast<double>(ke - ks)).unsqueeze(0) >
                                  kt::arange(static_cast<double>(bq)).unsqueeze(1);
        s = s.masked_fill(hidden, neg_inf);
      }
      const kt::Tensor m_new = kt::maximum(m, kt::amax(s, -1, true));  // finite from here on
      const kt::Tensor alpha = kt::exp(m - m_new);  // exp(-inf) = 0 on the first block
      const kt::Tensor p = kt::exp(s - m_new);      // masked scores give 0
      l = l * alpha + kt::sum(p, -1, true);
      acc = acc * alpha + kt::matmul(p, vb);
      m = m_new;
    }
    out.slice(-2, qs, qe).copy_(acc / l);
  }
  return out;
}

}  // namespace kata
