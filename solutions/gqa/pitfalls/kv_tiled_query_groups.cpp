// expect-pitfalls: kv_repeat_tiled
// Known bad: the no-copy broadcast, but the query heads grouped as (group, kv_heads) instead of
// (kv_heads, group): query head h meets kv head h mod num_kv_heads, the tiled order.
#include <cmath>

#include "gqa.hpp"

static kt::Tensor run(const GroupedQueryAttention& m, const kt::Tensor& x,
                      const kt::Tensor& allowed) {
  const int64_t B = x.size(0), T = x.size(1), G = m.num_kv_heads, group = m.num_heads / G;
  const kt::Tensor q = m.q_proj(x).view({B, T, group, G, m.d_head}).permute({0, 2, 3, 1, 4});
  const kt::Tensor k = m.k_proj(x).view({B, T, G, m.d_head}).transpose(1, 2).unsqueeze(1);
  const kt::Tensor v = m.v_proj(x).view({B, T, G, m.d_head}).transpose(1, 2).unsqueeze(1);
  kt::Tensor scores = kt::matmul(q, k.transpose(-2, -1)) / std::sqrt(double(m.d_head));
  if (allowed.defined()) {
    const kt::Tensor a = allowed.expand({B, m.num_heads, T, T}).reshape({B, group, G, T, T});
    scores = scores.masked_fill(~a, kt::finfo(scores.dtype()).min);
  }
  const kt::Tensor out = kt::matmul(kt::softmax(scores, -1), v);  // (B, group, G, T, d)
  return m.out_proj(out.permute({0, 3, 1, 2, 4}).reshape({B, T, m.d_model}));
}

kt::Tensor GroupedQueryAttention::forward(const kt::Tensor& x, bool causal) const {
  const int64_t T = x.size(1);
  return run(*this, x, causal ? kt::tril(kt::ones({T, T}, kt::Bool)) : kt::Tensor());
}

kt::Tensor GroupedQueryAttention::forward(const kt::Tensor& x, const kt::Tensor& attn_mask) const {
  return run(*this, x, attn_mask);
}
