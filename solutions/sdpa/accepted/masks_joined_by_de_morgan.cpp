// expect: pass
// Accepted: the masked keys are the union of the ones each mask hides (~causal | ~attn_mask), the
// same set as ~(causal & attn_mask) by De Morgan's law.
#include <cmath>

#include "sdpa.hpp"

namespace kata {

kt::Tensor scaled_dot_product_attention(const kt::Tensor& q, const kt::Tensor& k,
                                        const kt::Tensor& v,
                                        const std::optional<kt::Tensor>& attn_mask,
                                        bool is_causal) {
  const int64_t t_q = q.size(-2), t_k = k.size(-2), d_k = q.size(-1);
  kt::Tensor scores = kt::matmul(q, k.transpose(-2, -1)) / std::sqrt(double(d_k));
  kt::Tensor hidden = kt::zeros({t_q, t_k}, kt::Bool);
  if (is_causal) hidden = hidden | ~kt::tril(kt::ones({t_q, t_k}, kt::Bool), t_k - t_q);
  if (attn_mask) hidden = hidden | ~*attn_mask;
  scores = scores.masked_fill(hidden, kt::finfo(scores.dtype()).min);
  return kt::matmul(kt::softmax(scores, -1), v);
}

}  // namespace kata
