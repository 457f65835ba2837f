// expect-pitfalls: mask_polarity_inverted
// masked_fill(*attn_mask, min): fills where the mask is true, i.e. hides exactly the allowed keys.
#include <cmath>

#include "sdpa.hpp"

namespace kata {

kt::Tensor scaled_dot_product_attention(const kt::Tensor& q, const kt::Tensor& k,
                                        const kt::Tensor& v,
                                        const std::optional<kt::Tensor>& attn_mask,
                                        bool is_causal) {
  const int64_t t_q = q.size(-2), t_k = k.size(-2);
  kt::Tensor scores = kt::matmul(q, k.transpose(-2, -1)) / std::sqrt(double(q.size(-1)));
  if (is_causal) {
    const kt::Tensor allowed = kt::tril(kt::ones({t_q, t_k}, kt::Bool), t_k - t_q);
    scores = scores.masked_fill(~allowed, kt::finfo(kt::Float64).min);
  }
  if (attn_mask) scores = scores.masked_fill(*attn_mask, kt::finfo(kt::Float64).min);
  return kt::matmul(kt::softmax(scores, -1), v);
}

}  // namespace kata
