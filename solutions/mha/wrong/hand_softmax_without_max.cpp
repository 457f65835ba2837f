// expect: fail
// expect-diagnosis: softmax_without_max
// Wrong, no named pitfall: fills with finfo.min (good) but writes the softmax by hand without
// subtracting the row maximum, so a fully masked row is exp(min) / sum(exp(min)) = 0/0 = NaN all
// the same, and large scores overflow. Not neg_inf_nan (no -inf anywhere; kt::softmax would be
// right): the catalogue's softmax_without_max.
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
  const kt::Tensor e = kt::exp(scores);
  const kt::Tensor weights = e / kt::sum(e, -1, true);
  return m.out_proj(kt::matmul(weights, v).transpose(1, 2).contiguous().view({B, T, m.d_model}));
}

kt::Tensor MultiHeadAttention::forward(const kt::Tensor& x, bool causal) const {
  const int64_t T = x.size(1);
  return run(*this, x, causal ? kt::tril(kt::ones({T, T}, kt::Bool)) : kt::Tensor());
}
kt::Tensor MultiHeadAttention::forward(const kt::Tensor& x, const kt::Tensor& attn_mask) const {
  return run(*this, x, attn_mask);
}
