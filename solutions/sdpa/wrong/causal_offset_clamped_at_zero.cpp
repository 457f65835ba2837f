// expect: fail
// Wrong, no named pitfall (written blind, round 52): the causal offset clamped to max(T_k - T_q,
// 0): where T_q > T_k the first queries see keys in their future.
#include "sdpa.hpp"

#include <cmath>

namespace kata {

kt::Tensor scaled_dot_product_attention(const kt::Tensor& q, const kt::Tensor& k,
                                        const kt::Tensor& v,
                                        const std::optional<kt::Tensor>& attn_mask,
                                        bool is_causal) {
  const int64_t T_q = q.size(-2);
  const int64_t T_k = k.size(-2);
  const double scale = 1.0 / std::sqrt(static_cast<double>(q.size(-1)));
  const double lowest = kt::finfo(q.dtype()).min;

  kt::Tensor scores = kt::matmul(q, k.transpose(-2, -1)) * scale;  // (..., T_q, T_k)

  if (attn_mask.has_value()) {
    scores = scores.masked_fill(~*attn_mask, lowest);
  }
  if (is_causal) {
    // The queries are the last T_q positions: the keys before them are the cached past.
    const int64_t past = T_k > T_q ? T_k - T_q : 0;
    const kt::Tensor allowed = kt::tril(kt::ones({T_q, T_k}, kt::Bool), past);
    scores = scores.masked_fill(~allowed, lowest);
  }

  const kt::Tensor weights = kt::softmax(scores, -1);
  return kt::matmul(weights, v);
}

}  // namespace kata
