// expect: fail
// expect-diagnosis: mask_multiplies_scores
// Wrong, no named pitfall: the Bool mask converted to 0/1 and multiplied into the scores, as if it
// were a float mask to apply by product; a masked key's score becomes 0 and still gets weight.
#include <cmath>

#include "sdpa.hpp"

namespace kata {

kt::Tensor scaled_dot_product_attention(const kt::Tensor& q, const kt::Tensor& k,
                                        const kt::Tensor& v,
                                        const std::optional<kt::Tensor>& attn_mask,
                                        bool is_causal) {
  const int64_t t_q = q.size(-2), t_k = k.size(-2);
  kt::Tensor scores = kt::matmul(q, k.transpose(-2, -1)) * (1.0 / std::sqrt(double(q.size(-1))));
  if (is_causal)
    scores = scores * kt::tril(kt::ones({t_q, t_k}, kt::Bool), t_k - t_q).to(scores.dtype());
  if (attn_mask) scores = scores * attn_mask->to(scores.dtype());
  return kt::matmul(kt::softmax(scores, -1), v);
}

}  // namespace kata
