// expect-pitfalls: mask_polarity_inverted, mask_after_softmax
// Known bad, a double: reads attn_mask as true = masked, and zeroes the masked weights after the
// softmax instead of masking the scores before it.
#include <cmath>

#include "sdpa.hpp"

namespace kata {

kt::Tensor scaled_dot_product_attention(const kt::Tensor& q, const kt::Tensor& k,
                                        const kt::Tensor& v,
                                        const std::optional<kt::Tensor>& attn_mask,
                                        bool is_causal) {
  const int64_t t_q = q.size(-2), t_k = k.size(-2);
  const kt::Tensor scores = kt::matmul(q, k.transpose(-2, -1)) / std::sqrt(double(q.size(-1)));
  kt::Tensor allowed = kt::ones({t_q, t_k}, kt::Bool);
  if (is_causal) allowed = kt::tril(allowed, t_k - t_q);
  if (attn_mask) allowed = allowed & ~*attn_mask;
  const kt::Tensor weights = kt::softmax(scores, -1).masked_fill(~allowed, 0.0);
  return kt::matmul(weights, v);
}

}  // namespace kata
