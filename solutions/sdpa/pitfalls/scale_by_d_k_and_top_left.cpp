// expect-pitfalls: scale_by_d_k, causal_top_left
// Known bad, a double: divides the scores by d_k, not by its square root, and aligns the causal
// mask top-left (key j allowed for query i when j <= i, whatever T_k - T_q).
#include <cmath>

#include "sdpa.hpp"

namespace kata {

kt::Tensor scaled_dot_product_attention(const kt::Tensor& q, const kt::Tensor& k,
                                        const kt::Tensor& v,
                                        const std::optional<kt::Tensor>& attn_mask,
                                        bool is_causal) {
  const int64_t t_q = q.size(-2), t_k = k.size(-2);
  kt::Tensor scores = kt::matmul(q, k.transpose(-2, -1)) / double(q.size(-1));
  kt::Tensor allowed = kt::ones({t_q, t_k}, kt::Bool);
  if (is_causal) allowed = kt::tril(allowed);
  if (attn_mask) allowed = allowed & *attn_mask;
  scores = scores.masked_fill(~allowed, kt::finfo(scores.dtype()).min);
  return kt::matmul(kt::softmax(scores, -1), v);
}

}  // namespace kata
