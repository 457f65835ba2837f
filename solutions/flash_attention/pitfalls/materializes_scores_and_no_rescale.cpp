// expect-pitfalls: materializes_scores, no_rescale
// Known bad, a double: every score computed up front, a (T x T) tensor, and the blocks of the
// online softmax sliced from it; and when the running maximum grows, the running sum is rescaled
// but the accumulator is not.
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
  const kt::Tensor scores = kt::matmul(q * scale, k.transpose(-2, -1));  // (…, T, T), all at once
  std::vector<kt::Tensor> out_blocks;
  for (int64_t q0 = 0; q0 < T; q0 += block_size) {
    const int64_t q1 = std::min(T, q0 + block_size);
    kt::Shape per_query = q.slice(-2, q0, q1).sizes();
    per_query.back() = 1;
    kt::Tensor m = kt::full(per_query, lowest, q.dtype());
    kt::Tensor l = kt::zeros_like(m);
    kt::Tensor acc;
    const int64_t k_end = is_causal ? q1 : T;
    for (int64_t k0 = 0; k0 < k_end; k0 += block_size) {
      const int64_t k1 = std::min(T, k0 + block_size);
      kt::Tensor s = scores.slice(-2, q0, q1).slice(-1, k0, k1);  // (…, Bq, Bk)
      if (is_causal && k1 > q0) {
        const kt::Tensor visible = kt::tril(kt::ones({q1 - q0, k1 - k0}, kt::Bool), q0 - k0);
        s = s.masked_fill(~visible, lowest);
      }
      const kt::Tensor m_new = kt::maximum(m, kt::amax(s, -1, /*keepdim=*/true));
      const kt::Tensor p = kt::exp(s - m_new);
      const kt::Tensor alpha = kt::exp(m - m_new);
      l = l * alpha + kt::sum(p, -1, /*keepdim=*/true);
      const kt::Tensor pv = kt::matmul(p, v.slice(-2, k0, k1));
      acc = acc.defined() ? acc + pv : pv;  // forgot alpha here
      m = m_new;
    }
    out_blocks.push_back(acc / l);
  }
  return kt::cat(out_blocks, -2);
}

}  // namespace kata
