// expect: pass
// Accepted: q scaled before the matmul, the causal mask as a forbidden triu with the offset, masks
// applied one after the other.
#include <cmath>

#include "sdpa.hpp"

namespace kata {

kt::Tensor scaled_dot_product_attention(const kt::Tensor& q, const kt::Tensor& k,
                                        const kt::Tensor& v,
                                        const std::optional<kt::Tensor>& attn_mask,
                                        bool is_causal) {
  const int64_t t_q = q.size(-2), t_k = k.size(-2);
  const kt::Tensor q_scaled = q * (1.0 / std::sqrt(double(q.size(-1))));
  kt::Tensor scores = kt::matmul(q_scaled, k.transpose(-2, -1));
  const double lowest = kt::finfo(scores.dtype()).min;
  if (is_causal) {
    scores = scores.masked_fill(kt::triu(kt::ones({t_q, t_k}, kt::Bool), t_k - t_q + 1), lowest);
  }
  if (attn_mask.has_value()) scores = scores.masked_fill(kt::logical_not(*attn_mask), lowest);
  return kt::matmul(kt::softmax(scores, -1), v);
}

}  // namespace kata
