// expect: pass
// Accepted: the softmax written by hand, stably (row maximum subtracted first), and the causal
// mask built from index comparisons with arange, applied in place with masked_fill_.
#include <cmath>

#include "mha.hpp"

static kt::Tensor run(const MultiHeadAttention& m, const kt::Tensor& x, const kt::Tensor& allowed) {
  const int64_t B = x.size(0), T = x.size(1);
  auto split = [&](const kt::Tensor& t) {
    return t.view({B, T, m.num_heads, m.d_head}).transpose(1, 2);
  };
  const kt::Tensor q = split(m.q_proj(x)), k = split(m.k_proj(x)), v = split(m.v_proj(x));
  kt::Tensor scores = kt::matmul(q, k.transpose(-2, -1)) / std::sqrt(double(m.d_head));
  if (allowed.defined())
    scores.masked_fill_(~allowed.expand_as(scores), kt::finfo(scores.dtype()).min);
  const kt::Tensor e = kt::exp(scores - kt::amax(scores, -1, true));
  const kt::Tensor weights = e / kt::sum(e, -1, true);
  return m.out_proj(kt::matmul(weights, v).transpose(1, 2).contiguous().view({B, T, m.d_model}));
}

kt::Tensor MultiHeadAttention::forward(const kt::Tensor& x, bool causal) const {
  const int64_t T = x.size(1);
  kt::Tensor allowed;
  if (causal) {
    const kt::Tensor i = kt::arange(double(T)).unsqueeze(1);  // query positions, a column
    const kt::Tensor j = kt::arange(double(T)).unsqueeze(0);  // key positions, a row
    allowed = j <= i;
  }
  return run(*this, x, allowed);
}
kt::Tensor MultiHeadAttention::forward(const kt::Tensor& x, const kt::Tensor& attn_mask) const {
  return run(*this, x, attn_mask);
}
