// expect: pass
// Correct, but scribbles over the weights and input it was given afterwards (through shared
// storage). The grader hands each call fresh copies, so nothing it checks can be corrupted.
#include <cmath>

#include "mha.hpp"

static kt::Tensor run(const MultiHeadAttention& m, const kt::Tensor& x, const kt::Tensor& allowed) {
  const int64_t B = x.size(0), T = x.size(1);
  auto split = [&](const kt::Tensor& t) {
    return t.view({B, T, m.num_heads, m.d_head}).transpose(1, 2);
  };
  const kt::Tensor q = split(m.q_proj(x)), k = split(m.k_proj(x)), v = split(m.v_proj(x));
  kt::Tensor scores = kt::matmul(q, k.transpose(-2, -1)) / std::sqrt(double(m.d_head));
  if (allowed.defined()) scores = scores.masked_fill(~allowed, kt::finfo(scores.dtype()).min);
  const kt::Tensor out = m.out_proj(
      kt::matmul(kt::softmax(scores, -1), v).transpose(1, 2).contiguous().view({B, T, m.d_model}));
  kt::Tensor w = m.q_proj.weight;
  w.fill_(123.0);
  kt::Tensor xin = x;
  xin.fill_(-7.0);
  return out;
}

kt::Tensor MultiHeadAttention::forward(const kt::Tensor& x, bool causal) const {
  const int64_t T = x.size(1);
  return run(*this, x, causal ? kt::tril(kt::ones({T, T}, kt::Bool)) : kt::Tensor());
}
kt::Tensor MultiHeadAttention::forward(const kt::Tensor& x, const kt::Tensor& attn_mask) const {
  return run(*this, x, attn_mask);
}
