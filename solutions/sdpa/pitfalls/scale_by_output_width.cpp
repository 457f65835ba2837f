// expect-pitfalls: scale_by_d_v
// The same slip written differently: the scale computed from the output's width after the matmul
// with v.
#include <cmath>

#include "sdpa.hpp"

namespace kata {

kt::Tensor scaled_dot_product_attention(const kt::Tensor& q, const kt::Tensor& k,
                                        const kt::Tensor& v,
                                        const std::optional<kt::Tensor>& attn_mask,
                                        bool is_causal) {
  const int64_t t_q = q.size(-2), t_k = k.size(-2);
  kt::Tensor allowed = kt::ones({t_q, t_k}, kt::Bool);
  if (is_causal) allowed = kt::tril(allowed, t_k - t_q);
  if (attn_mask) allowed = allowed & *attn_mask;
  const kt::Tensor raw = kt::matmul(q, k.transpose(-2, -1));
  const kt::Tensor unscaled = kt::matmul(kt::softmax(raw, -1), v);  // only for its width
  const double scale = std::sqrt(double(unscaled.size(-1)));
  const kt::Tensor scores = (raw / scale).masked_fill(~allowed, kt::finfo(kt::Float64).min);
  return kt::matmul(kt::softmax(scores, -1), v);
}

}  // namespace kata
