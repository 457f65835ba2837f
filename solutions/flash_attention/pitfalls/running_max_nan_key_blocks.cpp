// expect-pitfalls: running_max_nan
// Known bad: all queries against each key block at once, each block exponentiated against its own
// maximum, masked with -inf: for the queries before the block's first key the whole row is -inf,
// and exp(-inf - (-inf)) is NaN. (It also computes those future blocks: no skipping.)
#include <algorithm>
#include <cmath>
#include <limits>

#include "flash_attention.hpp"

namespace kata {

kt::Tensor flash_attention(const kt::Tensor& q, const kt::Tensor& k, const kt::Tensor& v,
                           bool is_causal, int64_t block_size) {
  const int64_t T = q.size(-2);
  const double inf = std::numeric_limits<double>::infinity();
  const kt::Tensor qs = q / std::sqrt(double(q.size(-1)));
  kt::Shape per_query = q.sizes();
  per_query.back() = 1;
  kt::Tensor m = kt::full(per_query, -inf, q.dtype());
  kt::Tensor l = kt::zeros(per_query, q.dtype());
  kt::Tensor acc;
  for (int64_t k0 = 0; k0 < T; k0 += block_size) {
    const int64_t k1 = std::min(T, k0 + block_size);
    kt::Tensor s = kt::matmul(qs, k.slice(-2, k0, k1).transpose(-2, -1));  // (…, T, Bk)
    if (is_causal) s = s.masked_fill(~kt::tril(kt::ones({T, k1 - k0}, kt::Bool), -k0), -inf);
    const kt::Tensor m_blk = kt::amax(s, -1, true);
    const kt::Tensor p = kt::exp(s - m_blk);
    const kt::Tensor m_new = kt::maximum(m, m_blk);
    const kt::Tensor a = kt::exp(m - m_new), b = kt::exp(m_blk - m_new);
    l = l * a + b * kt::sum(p, -1, true);
    const kt::Tensor pv = b * kt::matmul(p, v.slice(-2, k0, k1));
    acc = acc.defined() ? acc * a + pv : pv;
    m = m_new;
  }
  return acc / l;
}

}  // namespace kata
