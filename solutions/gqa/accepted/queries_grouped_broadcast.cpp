// expect: pass
// Accepted: no repeat of the kv heads at all. The query heads are viewed as (B, kv, group, T, d)
// and the keys and values as (B, kv, 1, T, d), so the matmuls broadcast each kv head over its
// group of query heads. Query head h = g * group + j belongs to kv head g, as in the reference.
#include <cmath>

#include "gqa.hpp"

static kt::Tensor run(const GroupedQueryAttention& m, const kt::Tensor& x,
                      const kt::Tensor& allowed) {
  const int64_t B = x.size(0), T = x.size(1), kv = m.num_kv_heads, group = m.num_heads / kv;
  const kt::Tensor q =
      m.q_proj(x).view({B, T, kv, group, m.d_head}).permute({0, 2, 3, 1, 4});  // B,kv,g,T,d
  const kt::Tensor k = m.k_proj(x).view({B, T, kv, m.d_head}).transpose(1, 2).unsqueeze(2);
  const kt::Tensor v = m.v_proj(x).view({B, T, kv, m.d_head}).transpose(1, 2).unsqueeze(2);
  kt::Tensor scores = kt::matmul(q, k.transpose(-2, -1)) / std::sqrt(double(m.d_head));
  if (allowed.defined()) {
    // allowed broadcasts to (B, H, T, T): spelt out, then H read as (kv, group).
    kt::Tensor a = allowed;
    while (a.dim() < 4) a = a.unsqueeze(0);
    a = a.expand({B, m.num_heads, T, T}).contiguous().view({B, kv, group, T, T});
    scores = scores.masked_fill(~a, kt::finfo(scores.dtype()).min);
  }
  const kt::Tensor heads = kt::matmul(kt::softmax(scores, -1), v);  // (B, kv, group, T, d)
  return m.out_proj(heads.permute({0, 3, 1, 2, 4}).contiguous().view({B, T, m.d_model}));
}

kt::Tensor GroupedQueryAttention::forward(const kt::Tensor& x, bool causal) const {
  const int64_t T = x.size(1);
  return run(*this, x, causal ? kt::tril(kt::ones({T, T}, kt::Bool)) : kt::Tensor());
}

kt::Tensor GroupedQueryAttention::forward(const kt::Tensor& x, const kt::Tensor& attn_mask) const {
  return run(*this, x, attn_mask);
}
