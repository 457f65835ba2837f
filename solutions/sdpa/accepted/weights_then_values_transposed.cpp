// expect: pass
// Accepted: the output computed as (vᵀ weightsᵀ)ᵀ and returned as that transposed (non-contiguous)
// view.
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
  const kt::Tensor weights =
      kt::softmax(scores.masked_fill(~allowed, kt::finfo(kt::Float64).min), -1);
  return kt::matmul(v.transpose(-2, -1), weights.transpose(-2, -1)).transpose(-2, -1);
}

}  // namespace kata
