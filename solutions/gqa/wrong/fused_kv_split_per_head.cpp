// expect: fail
// Wrong: k_proj and v_proj are fused into one matmul whose output is [k | v], but it is split as
// (num_kv_heads, 2, d_head) (a per-head interleaved layout) instead of (2, num_kv_heads, d_head),
// which only coincides when num_kv_heads = 1.
#include "gqa.hpp"

#include <cmath>

namespace {

/// keep: Bool, true = may attend, broadcastable to (B, num_heads, T, T).
kt::Tensor attend(const GroupedQueryAttention& m, const kt::Tensor& x, const kt::Tensor& keep) {
  const int64_t B = x.size(0);
  const int64_t T = x.size(1);
  const int64_t group = m.num_heads / m.num_kv_heads;

  const kt::Tensor q = m.q_proj(x).view({B, T, m.num_heads, m.d_head}).transpose(1, 2);

  // k and v in one matmul: rows of k_proj's weight, then rows of v_proj's.
  const kt::Tensor W_kv = kt::cat({m.k_proj.weight, m.v_proj.weight}, 0);  // (2*kv*dh, d_model)
  kt::Tensor kv = kt::matmul(x, W_kv.transpose(0, 1));                     // (B, T, 2*kv*dh)
  if (m.k_proj.bias.defined()) kv = kv + kt::cat({m.k_proj.bias, m.v_proj.bias}, 0);
  const kt::Tensor kv5 = kv.view({B, T, m.num_kv_heads, 2, m.d_head});
  kt::Tensor k = kv5.select(3, 0).transpose(1, 2);  // (B, kv, T, dh)
  kt::Tensor v = kv5.select(3, 1).transpose(1, 2);

  // Query head h reads kv head h / group.
  k = kt::repeat_interleave(k, group, 1);  // (B, H, T, dh)
  v = kt::repeat_interleave(v, group, 1);

  kt::Tensor scores = kt::matmul(q, k.transpose(-2, -1)) / std::sqrt(static_cast<double>(m.d_head));
  if (keep.defined()) scores = kt::masked_fill(scores, ~keep, kt::finfo(scores.dtype()).min);
  const kt::Tensor o = kt::matmul(kt::softmax(scores, -1), v);  // (B, H, T, dh)
  return m.out_proj(o.transpose(1, 2).reshape({B, T, m.d_model}));
}

}  // namespace

kt::Tensor GroupedQueryAttention::forward(const kt::Tensor& x, bool causal) const {
  const int64_t T = x.size(1);
  kt::Tensor keep;
  if (causal) keep = kt::tril(kt::ones({T, T}, kt::Bool));
  return attend(*this, x, keep);
}

kt::Tensor GroupedQueryAttention::forward(const kt::Tensor& x, const kt::Tensor& attn_mask) const {
  return attend(*this, x, attn_mask);
}
