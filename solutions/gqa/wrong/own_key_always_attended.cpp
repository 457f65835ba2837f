// expect: fail
// expect-diagnosis: own_key_always_attended
// Wrong, no named pitfall: the mask ORed with the identity, so every query attends its own key
// whatever the mask says (to keep a padded row finite). Right wherever the mask keeps each query
// its own key.
#include <cmath>

#include "gqa.hpp"

namespace {

/// Attention of (B, H, T, d_head) heads; allowed broadcasts to (B, H, T, T), true = may attend.
kt::Tensor attend(const kt::Tensor& q, const kt::Tensor& k, const kt::Tensor& v,
                  const kt::Tensor& allowed, int64_t d_head) {
  kt::Tensor scores = kt::matmul(q, k.transpose(-2, -1)) / std::sqrt(double(d_head));
  if (allowed.defined()) scores = scores.masked_fill(~allowed, kt::finfo(scores.dtype()).min);
  return kt::matmul(kt::softmax(scores, -1), v);
}

}  // namespace

static kt::Tensor run(const GroupedQueryAttention& m, const kt::Tensor& x,
                      const kt::Tensor& allowed) {
  const int64_t B = x.size(0), T = x.size(1), group = m.num_heads / m.num_kv_heads;
  auto split = [&](const kt::Tensor& t, int64_t heads) {
    return t.view({B, T, heads, m.d_head}).transpose(1, 2);  // (B, heads, T, d_head)
  };
  const kt::Tensor q = split(m.q_proj(x), m.num_heads);
  const kt::Tensor k = kt::repeat_interleave(split(m.k_proj(x), m.num_kv_heads), group, 1);
  const kt::Tensor v = kt::repeat_interleave(split(m.v_proj(x), m.num_kv_heads), group, 1);
  const kt::Tensor heads = attend(q, k, v, allowed, m.d_head);
  return m.out_proj(heads.transpose(1, 2).contiguous().view({B, T, m.d_model}));
}

kt::Tensor GroupedQueryAttention::forward(const kt::Tensor& x, bool causal) const {
  const int64_t T = x.size(1);
  return run(*this, x, causal ? kt::tril(kt::ones({T, T}, kt::Bool)) : kt::Tensor());
}

kt::Tensor GroupedQueryAttention::forward(const kt::Tensor& x, const kt::Tensor& attn_mask) const {
  // A query may always see itself: no row is left without a key.
  const int64_t T = x.size(1);
  return run(*this, x, attn_mask | kt::eye(T, T, kt::Bool));
}
