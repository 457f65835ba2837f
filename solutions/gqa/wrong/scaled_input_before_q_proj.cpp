// expect: fail
// Wrong, no named pitfall (written as an unseen suite would, round 50): applies 1/√d_head to x
// before q_proj instead of to q (or the scores) afterwards, so the q bias is not scaled (wrong only
// when bias = true)
// Grouped-query attention.
#include "gqa.hpp"

#include <cmath>

namespace {

// (B, T, H*dh) -> (B, H, T, dh)
kt::Tensor split_heads(const kt::Tensor& t, int64_t heads, int64_t d_head) {
  const int64_t B = t.size(0), T = t.size(1);
  return t.view({B, T, heads, d_head}).transpose(1, 2);
}

}  // namespace

static kt::Tensor gqa_attend(const GroupedQueryAttention& m, const kt::Tensor& x,
                             const kt::Tensor& allowed) {
  const int64_t B = x.size(0), T = x.size(1);
  const double scale = 1.0 / std::sqrt(static_cast<double>(m.d_head));
  // Fold the 1/sqrt(d_head) into the query projection input so we do one less pass over the scores.
  kt::Tensor q = split_heads(m.q_proj(x * scale), m.num_heads, m.d_head);
  kt::Tensor k = split_heads(m.k_proj(x), m.num_kv_heads, m.d_head);
  kt::Tensor v = split_heads(m.v_proj(x), m.num_kv_heads, m.d_head);

  const int64_t group = m.num_heads / m.num_kv_heads;
  k = kt::repeat_interleave(k, group, 1);  // (B, H, T, dh)
  v = kt::repeat_interleave(v, group, 1);

  kt::Tensor scores = kt::matmul(q, k.transpose(-2, -1));  // (B, H, T, T)
  if (allowed.defined()) {
    scores = scores.masked_fill(~allowed, kt::finfo(scores.dtype()).min);
  }
  kt::Tensor w = kt::softmax(scores, -1);
  kt::Tensor out = kt::matmul(w, v);  // (B, H, T, dh)
  out = out.transpose(1, 2).contiguous().view({B, T, m.d_model});
  return m.out_proj(out);
}

kt::Tensor GroupedQueryAttention::forward(const kt::Tensor& x, bool causal) const {
  kt::Tensor allowed;
  if (causal) {
    const int64_t T = x.size(1);
    allowed = kt::tril(kt::ones({T, T}, kt::Bool));
  }
  return gqa_attend(*this, x, allowed);
}

kt::Tensor GroupedQueryAttention::forward(const kt::Tensor& x, const kt::Tensor& attn_mask) const {
  return gqa_attend(*this, x, attn_mask);
}
