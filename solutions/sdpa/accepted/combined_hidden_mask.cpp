// expect: pass
// Accepted: kᵀ written as k.transpose(-1, -2) and the two masks combined into one additive bias of
// finfo.min, built once.
#include <cmath>

#include "sdpa.hpp"

namespace kata {

kt::Tensor scaled_dot_product_attention(const kt::Tensor& q, const kt::Tensor& k,
                                        const kt::Tensor& v,
                                        const std::optional<kt::Tensor>& attn_mask,
                                        bool is_causal) {
  const int64_t t_q = q.size(-2), t_k = k.size(-2);
  const kt::Tensor scores = kt::matmul(q, k.transpose(-1, -2)) / std::sqrt(double(q.size(-1)));
  kt::Tensor hidden = kt::zeros({t_q, t_k}, kt::Bool);
  if (is_causal) hidden = hidden | kt::triu(kt::ones({t_q, t_k}, kt::Bool), 1 + t_k - t_q);
  if (attn_mask) hidden = hidden | ~*attn_mask;
  const kt::Tensor weights =
      kt::softmax(scores.masked_fill(hidden, kt::finfo(kt::Float64).min), -1);
  return kt::matmul(weights, v);
}

}  // namespace kata
