// expect-pitfalls: causal_block_leak, running_max_nan
// Known bad, a double: FlashAttention-1's formulation (each block exponentiated against its own
// maximum, then combined), every key block visited, and causality applied per block only: a block
// wholly in the queries' future is masked whole with -inf (its maximum is -inf, and
// exp(-inf - (-inf)) is NaN), the block on the diagonal not at all (each query sees the later keys
// of its own block).
#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "flash_attention.hpp"

namespace kata {

kt::Tensor flash_attention(const kt::Tensor& q, const kt::Tensor& k, const kt::Tensor& v,
                           bool is_causal, int64_t block_size) {
  const int64_t T = q.size(-2);
  const double scale = 1.0 / std::sqrt(double(q.size(-1)));
  const double inf = std::numeric_limits<double>::infinity();
  std::vector<kt::Tensor> out_blocks;
  for (int64_t q0 = 0; q0 < T; q0 += block_size) {
    const int64_t q1 = std::min(T, q0 + block_size);
    const kt::Tensor qb = q.slice(-2, q0, q1);
    kt::Shape per_query = qb.sizes();
    per_query.back() = 1;
    kt::Tensor m = kt::full(per_query, -inf, q.dtype());
    kt::Tensor l = kt::zeros(per_query, q.dtype());
    kt::Shape acc_shape = qb.sizes();
    acc_shape.back() = v.size(-1);
    kt::Tensor acc = kt::zeros(acc_shape, q.dtype());
    for (int64_t k0 = 0; k0 < T; k0 += block_size) {
      const int64_t k1 = std::min(T, k0 + block_size);
      kt::Tensor s = kt::matmul(qb, k.slice(-2, k0, k1).transpose(-2, -1)) * scale;
      if (is_causal && k0 >= q1) {
        // Every key of this block comes after every query of this block: hide them all.
        s = s.masked_fill(kt::ones({q1 - q0, k1 - k0}, kt::Bool), -inf);
      }
      const kt::Tensor m_blk = kt::amax(s, -1, true);  // -inf for a row with every key masked
      const kt::Tensor p = kt::exp(s - m_blk);         // NaN on such a row
      const kt::Tensor m_new = kt::maximum(m, m_blk);
      const kt::Tensor old_scale = kt::exp(m - m_new), new_scale = kt::exp(m_blk - m_new);
      l = l * old_scale + new_scale * kt::sum(p, -1, true);
      acc = acc * old_scale + new_scale * kt::matmul(p, v.slice(-2, k0, k1));
      m = m_new;
    }
    out_blocks.push_back(acc / l);
  }
  return kt::cat(out_blocks, -2);
}

}  // namespace kata
