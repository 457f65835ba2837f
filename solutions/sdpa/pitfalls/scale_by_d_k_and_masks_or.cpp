// expect-pitfalls: scale_by_d_k
// expect-diagnosis: scale_by_d_k+masks_combined_with_or
// Known bad, a pitfall beside a catalogued mistake: the scores divided by d_k (not √d_k), and with
// both masks a key kept when either allows it (OR, not AND). Only scale_by_d_k is a named pitfall;
// the catalogue names the double (the report must not call the general checks "not tied" to it).
#include "sdpa.hpp"

namespace kata {

kt::Tensor scaled_dot_product_attention(const kt::Tensor& q, const kt::Tensor& k,
                                        const kt::Tensor& v,
                                        const std::optional<kt::Tensor>& attn_mask,
                                        bool is_causal) {
  const int64_t t_q = q.size(-2), t_k = k.size(-2);
  kt::Tensor scores = kt::matmul(q, k.transpose(-2, -1)) / double(q.size(-1));
  std::optional<kt::Tensor> allowed;
  if (is_causal) allowed = kt::tril(kt::ones({t_q, t_k}, kt::Bool), t_k - t_q);
  if (attn_mask) allowed = allowed ? (*allowed | *attn_mask) : *attn_mask;
  if (allowed) scores = scores.masked_fill(~*allowed, kt::finfo(scores.dtype()).min);
  return kt::matmul(kt::softmax(scores, -1), v);
}

}  // namespace kata
