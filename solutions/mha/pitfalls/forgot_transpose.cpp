// expect-pitfalls: wrong_head_order
// Known bad, the most common one: views the projection as (B, T, H, d_head) and forgets
// transpose(1, 2), so matmul attends across the heads of each token instead of across tokens.
// It even merges back without error, because nothing was transposed.
#include <cmath>

#include "mha.hpp"

static kt::Tensor run(const MultiHeadAttention& m, const kt::Tensor& x, const kt::Tensor& allowed) {
  const int64_t B = x.size(0), T = x.size(1);
  auto split = [&](const kt::Tensor& t) { return t.view({B, T, m.num_heads, m.d_head}); };
  const kt::Tensor q = split(m.q_proj(x)), k = split(m.k_proj(x)), v = split(m.v_proj(x));
  kt::Tensor scores = kt::matmul(q, k.transpose(-2, -1)) / std::sqrt(double(m.d_head));
  // With H == T the (T, T) mask still broadcasts; otherwise fall back to no mask, as a learner in
  // a hurry might.
  if (allowed.defined() && m.num_heads == T)
    scores = scores.masked_fill(~allowed, kt::finfo(kt::Float64).min);
  return m.out_proj(kt::matmul(kt::softmax(scores, -1), v).reshape({B, T, m.d_model}));
}

kt::Tensor MultiHeadAttention::forward(const kt::Tensor& x, bool causal) const {
  const int64_t T = x.size(1);
  return run(*this, x, causal ? kt::tril(kt::ones({T, T}, kt::Bool)) : kt::Tensor());
}
kt::Tensor MultiHeadAttention::forward(const kt::Tensor& x, const kt::Tensor& attn_mask) const {
  return run(*this, x, attn_mask);
}
