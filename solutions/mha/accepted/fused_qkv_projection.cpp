// expect: pass
// Accepted: one fused QKV projection (the three weights concatenated, as nn.MultiheadAttention's
// in_proj_weight), split with narrow, and the scale applied to k instead of q.
#include <cmath>

#include "mha.hpp"

static kt::Tensor run(const MultiHeadAttention& m, const kt::Tensor& x, const kt::Tensor& allowed) {
  const int64_t B = x.size(0), T = x.size(1), D = m.d_model;
  const kt::Tensor w = kt::cat({m.q_proj.weight, m.k_proj.weight, m.v_proj.weight}, 0);  // (3D, D)
  kt::Tensor qkv = kt::matmul(x, w.transpose(0, 1));  // (B, T, 3D)
  if (m.q_proj.bias.defined()) qkv = qkv + kt::cat({m.q_proj.bias, m.k_proj.bias, m.v_proj.bias});
  auto head = [&](int64_t i) {
    return qkv.narrow(-1, i * D, D).reshape({B, T, m.num_heads, m.d_head}).permute({0, 2, 1, 3});
  };
  const kt::Tensor q = head(0), k = head(1) / std::sqrt(double(m.d_head)), v = head(2);
  kt::Tensor scores = kt::matmul(q, k.transpose(-1, -2));
  if (allowed.defined()) scores = scores.masked_fill(~allowed, kt::finfo(kt::Float64).min);
  const kt::Tensor out = kt::matmul(kt::softmax(scores, -1), v);
  return m.out_proj(out.permute({0, 2, 1, 3}).reshape({B, T, D}));
}

kt::Tensor MultiHeadAttention::forward(const kt::Tensor& x, bool causal) const {
  const int64_t T = x.size(1);
  return run(*this, x, causal ? kt::tril(kt::ones({T, T}, kt::Bool)) : kt::Tensor());
}
kt::Tensor MultiHeadAttention::forward(const kt::Tensor& x, const kt::Tensor& attn_mask) const {
  return run(*this, x, attn_mask);
}
