// expect: fail
// expect-diagnosis: causal_sees_next_key
// Wrong, no named pitfall: the causal mask built from positions, with a key kept when its position
// is at most one past the query's (j <= T_k - T_q + i + 1), so each query also sees the next key.
#include <cmath>

#include "sdpa.hpp"

namespace kata {

kt::Tensor scaled_dot_product_attention(const kt::Tensor& q, const kt::Tensor& k,
                                        const kt::Tensor& v,
                                        const std::optional<kt::Tensor>& attn_mask,
                                        bool is_causal) {
  const int64_t t_q = q.size(-2), t_k = k.size(-2), d_k = q.size(-1);
  kt::Tensor scores = kt::matmul(q, k.transpose(-2, -1)) / std::sqrt(double(d_k));
  kt::Tensor allowed = kt::ones({t_q, t_k}, kt::Bool);
  if (is_causal) {
    const kt::Tensor query_pos = kt::arange(double(t_k - t_q), double(t_k)).unsqueeze(-1);
    const kt::Tensor key_pos = kt::arange(double(t_k)).unsqueeze(0);
    allowed = key_pos <= query_pos + 1.0;
  }
  if (attn_mask) allowed = allowed & *attn_mask;
  scores = scores.masked_fill(~allowed, kt::finfo(scores.dtype()).min);
  return kt::matmul(kt::softmax(scores, -1), v);
}

}  // namespace kata
