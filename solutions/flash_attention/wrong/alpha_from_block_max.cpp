// expect: fail
// The rescale factor taken from the new block's own maximum, exp(m - amax(s)), not from the new
// running maximum: where the block's maximum is below the running one it grows what was summed.
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
  const double lowest = -std::numeric_limits<double>::infinity();
  std::vector<kt::Tensor> out_blocks;
  for (int64_t q0 = 0; q0 < T; q0 += block_size) {
    const int64_t q1 = std::min(T, q0 + block_size);
    const kt::Tensor qb = q.slice(-2, q0, q1) * scale;  // (…, Bq, d), the scale folded in
    // Per query: the largest score so far (m), the sum of exp(score - m) (l), and the sum of
    // exp(score - m) * v (acc). m starts at -inf; the first block makes it finite.
    kt::Shape per_query = qb.sizes();
    per_query.back() = 1;  // (…, Bq, 1): broadcasts against (…, Bq, Bk) and (…, Bq, d_v)
    kt::Tensor m = kt::full(per_query, lowest, q.dtype());
    kt::Tensor l = kt::zeros_like(m);
    kt::Tensor acc;
    // Causal: key blocks starting after this query block's last query are all in the future.
    const int64_t k_end = is_causal ? q1 : T;
    for (int64_t k0 = 0; k0 < k_end; k0 += block_size) {
      const int64_t k1 = std::min(T, k0 + block_size);
      kt::Tensor s = kt::matmul(qb, k.slice(-2, k0, k1).transpose(-2, -1));  // (…, Bq, Bk)
      if (is_causal && k1 > q0) {
        // A block on the diagonal: query q0 + i sees key k0 + j when k0 + j <= q0 + i.
        const kt::Tensor visible = kt::tril(kt::ones({q1 - q0, k1 - k0}, kt::Bool), q0 - k0);
        s = s.masked_fill(~visible, lowest);  // every row keeps its own key: never all -inf
      }
      const kt::Tensor m_new = kt::maximum(m, kt::amax(s, -1, /*keepdim=*/true));
      const kt::Tensor p = kt::exp(s - m_new);  // (…, Bq, Bk), each <= 1
      const kt::Tensor alpha = kt::exp(m - kt::amax(s, -1, /*keepdim=*/true));
      l = l * alpha + kt::sum(p, -1, /*keepdim=*/true);
      const kt::Tensor pv = kt::matmul(p, v.slice(-2, k0, k1));
      acc = acc.defined() ? acc * alpha + pv : pv;
      m = m_new;
    }
    out_blocks.push_back(acc / l);  // normalise once, at the end
  }
  return kt::cat(out_blocks, -2);
}

}  // namespace kata
