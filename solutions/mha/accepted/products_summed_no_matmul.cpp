// expect: pass
// Accepted: the attention itself uses no matmul: scores are q and k broadcast against each other
// and summed over d_head, the output is weights times values summed over the keys.
#include "mha.hpp"

#include <cmath>

namespace {

/// (B, T, d_model) -> (B, H, T, d_head).
kt::Tensor split_heads(const kt::Tensor& t, int64_t num_heads, int64_t d_head) {
  return t.view({t.size(0), t.size(1), num_heads, d_head}).transpose(1, 2);
}

/// keep: Bool, true = may attend, broadcastable to (B, H, T, T); undefined = attend everywhere.
kt::Tensor attend(const MultiHeadAttention& m, const kt::Tensor& x, const kt::Tensor& keep) {
  const int64_t B = x.size(0);
  const int64_t T = x.size(1);
  const kt::Tensor q = split_heads(m.q_proj(x), m.num_heads, m.d_head);  // (B, H, T, dh)
  const kt::Tensor k = split_heads(m.k_proj(x), m.num_heads, m.d_head);
  const kt::Tensor v = split_heads(m.v_proj(x), m.num_heads, m.d_head);

  // scores[b, h, i, j] = sum_e q[b, h, i, e] * k[b, h, j, e]
  const kt::Tensor prod = q.unsqueeze(3) * k.unsqueeze(2);  // (B, H, T, T, dh)
  kt::Tensor scores = kt::sum(prod, -1) / std::sqrt(static_cast<double>(m.d_head));
  if (keep.defined()) scores = kt::masked_fill(scores, ~keep, kt::finfo(scores.dtype()).min);
  const kt::Tensor w = kt::softmax(scores, -1);  // (B, H, T, T)

  // o[b, h, i, e] = sum_j w[b, h, i, j] * v[b, h, j, e]
  const kt::Tensor o = kt::sum(w.unsqueeze(-1) * v.unsqueeze(2), 3);  // (B, H, T, dh)
  const kt::Tensor merged = o.transpose(1, 2).reshape({B, T, m.d_model});
  return m.out_proj(merged);
}

}  // namespace

kt::Tensor MultiHeadAttention::forward(const kt::Tensor& x, bool causal) const {
  const int64_t T = x.size(1);
  kt::Tensor keep;
  if (causal) keep = kt::tril(kt::ones({T, T}, kt::Bool));
  return attend(*this, x, keep);
}

kt::Tensor MultiHeadAttention::forward(const kt::Tensor& x, const kt::Tensor& attn_mask) const {
  return attend(*this, x, attn_mask);
}
