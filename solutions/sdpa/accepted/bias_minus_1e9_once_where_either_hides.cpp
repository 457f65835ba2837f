// expect: pass
// Accepted: one additive bias of -1e9 where attn_mask or causality hides a key, built from the
// two Bool masks joined first (a key hidden by both gets -1e9 once): a query the two leave no key
// attends as if unmasked, one of the accepted results.
#include <cmath>

#include "sdpa.hpp"

namespace kata {

kt::Tensor scaled_dot_product_attention(const kt::Tensor& q, const kt::Tensor& k,
                                        const kt::Tensor& v,
                                        const std::optional<kt::Tensor>& attn_mask,
                                        bool is_causal) {
  const int64_t t_q = q.size(-2), t_k = k.size(-2);
  kt::Tensor hidden = kt::zeros({t_q, t_k}, kt::Bool);
  if (is_causal) hidden = hidden | ~kt::tril(kt::ones({t_q, t_k}, kt::Bool), t_k - t_q);
  if (attn_mask) hidden = hidden | ~*attn_mask;
  const kt::Tensor bias = hidden.to(kt::Float64) * -1e9;
  const kt::Tensor scores =
      kt::matmul(q, k.transpose(-2, -1)) / std::sqrt(double(q.size(-1))) + bias;
  return kt::matmul(kt::softmax(scores, -1), v);
}

}  // namespace kata
