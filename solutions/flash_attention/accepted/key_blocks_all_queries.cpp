// expect: pass
// Accepted: FlashAttention-1's loop order turned around: every query against one key block at a
// time, the running statistics of all T queries updated in place. With is_causal a key block is
// multiplied only with the queries at or after its first key (the others cannot see any of it),
// so the blocks in the future are still skipped.
#include <cmath>
#include <limits>

#include "flash_attention.hpp"

namespace kata {

kt::Tensor flash_attention(const kt::Tensor& q, const kt::Tensor& k, const kt::Tensor& v,
                           bool is_causal, int64_t block_size) {
  const int64_t T = q.size(-2);
  const double scale = 1.0 / std::sqrt(double(q.size(-1)));
  kt::Shape per_query = q.sizes(), out_shape = q.sizes();
  per_query.back() = 1;
  out_shape.back() = v.size(-1);
  kt::Tensor m = kt::full(per_query, -std::numeric_limits<double>::infinity(), q.dtype());
  kt::Tensor l = kt::zeros(per_query, q.dtype());
  kt::Tensor acc = kt::zeros(out_shape, q.dtype());
  for (int64_t k0 = 0; k0 < T; k0 += block_size) {
    const int64_t k1 = std::min(T, k0 + block_size);
    const int64_t r0 = is_causal ? k0 : 0;  // the first query that sees a key of this block
    kt::Tensor s = kt::matmul(q.slice(-2, r0, T), k.slice(-2, k0, k1).transpose(-2, -1)) * scale;
    if (is_causal) {
      // Query r0 + i sees key k0 + j when k0 + j <= r0 + i, i.e. j <= i: every row keeps key k0.
      s = s.masked_fill(~kt::tril(kt::ones({T - r0, k1 - k0}, kt::Bool)),
                        -std::numeric_limits<double>::infinity());
    }
    kt::Tensor m_rows = m.slice(-2, r0, T), l_rows = l.slice(-2, r0, T);
    kt::Tensor acc_rows = acc.slice(-2, r0, T);
    const kt::Tensor m_new = kt::maximum(m_rows, kt::amax(s, -1, true));
    const kt::Tensor p = kt::exp(s - m_new), alpha = kt::exp(m_rows - m_new);
    l_rows.copy_(l_rows * alpha + kt::sum(p, -1, true));
    acc_rows.copy_(acc_rows * alpha + kt::matmul(p, v.slice(-2, k0, k1)));
    m_rows.copy_(m_new);
  }
  return acc / l;
}

}  // namespace kata
