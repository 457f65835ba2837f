// expect: fail
// Wrong, no named pitfall and no catalogued mistake: the values are centred (each column's mean
// over the keys subtracted) before the matmul, a normalisation attention does not have. Every step
// up to the weights is right; the first diverging step is out = weights @ v.
#include <cmath>

#include "sdpa.hpp"

namespace kata {

kt::Tensor scaled_dot_product_attention(const kt::Tensor& q, const kt::Tensor& k,
                                        const kt::Tensor& v,
                                        const std::optional<kt::Tensor>& attn_mask,
                                        bool is_causal) {
  const int64_t t_q = q.size(-2), t_k = k.size(-2);
  kt::Tensor scores = kt::matmul(q, k.transpose(-2, -1)) / std::sqrt(double(q.size(-1)));
  kt::Tensor allowed = kt::ones({t_q, t_k}, kt::Bool);
  if (is_causal) allowed = kt::tril(allowed, t_k - t_q);
  if (attn_mask) allowed = allowed & *attn_mask;
  scores = scores.masked_fill(~allowed, kt::finfo(scores.dtype()).min);
  const kt::Tensor centred = v - kt::mean(v, -2, /*keepdim=*/true);
  return kt::matmul(kt::softmax(scores, -1), centred);
}

}  // namespace kata
