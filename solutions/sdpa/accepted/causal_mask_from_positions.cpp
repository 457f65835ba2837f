// expect: pass
// Accepted: the causal mask built from the positions of queries and keys (arange), compared with
// broadcasting.
#include <cmath>

#include "sdpa.hpp"

namespace kata {

kt::Tensor scaled_dot_product_attention(const kt::Tensor& q, const kt::Tensor& k,
                                        const kt::Tensor& v,
                                        const std::optional<kt::Tensor>& attn_mask,
                                        bool is_causal) {
  const int64_t t_q = q.size(-2), t_k = k.size(-2);
  kt::Tensor scores = kt::matmul(q, k.transpose(-2, -1)) / std::sqrt(double(q.size(-1)));
  const double lowest = kt::finfo(kt::Float64).min;
  if (is_causal) {
    const kt::Tensor query_pos =
        kt::arange(double(t_k - t_q), double(t_k)).unsqueeze(-1);     // (T_q, 1)
    const kt::Tensor key_pos = kt::arange(double(t_k)).unsqueeze(0);  // (1, T_k)
    scores = scores.masked_fill(key_pos > query_pos, lowest);
  }
  if (attn_mask) scores = kt::where(*attn_mask, scores, lowest);
  return kt::matmul(kt::softmax(scores, -1), v);
}

}  // namespace kata
