// expect: pass
// Accepted: -inf masking made safe with nan_to_num after the softmax (a fully masked row becomes
// zeros), projections called as q_proj.forward(x), and the mask inverted with logical_not.
#include <cmath>
#include <limits>

#include "mha.hpp"

static kt::Tensor run(const MultiHeadAttention& m, const kt::Tensor& x, const kt::Tensor& allowed) {
  const int64_t B = x.size(0), T = x.size(1);
  auto split = [&](const kt::Tensor& t) {
    return t.view({B, T, m.num_heads, m.d_head}).transpose(1, 2);
  };
  const kt::Tensor q = split(m.q_proj.forward(x)), k = split(m.k_proj.forward(x));
  const kt::Tensor v = split(m.v_proj.forward(x));
  kt::Tensor scores = kt::matmul(q, k.transpose(-2, -1)) / std::sqrt(double(m.d_head));
  if (allowed.defined()) {
    scores = scores.masked_fill(kt::logical_not(allowed), -std::numeric_limits<double>::infinity());
  }
  const kt::Tensor weights = kt::nan_to_num(kt::softmax(scores, -1), 0.0);
  return m.out_proj.forward(
      kt::matmul(weights, v).transpose(1, 2).contiguous().view({B, T, m.d_model}));
}

kt::Tensor MultiHeadAttention::forward(const kt::Tensor& x, bool causal) const {
  const int64_t T = x.size(1);
  return run(*this, x, causal ? kt::tril(kt::ones({T, T}, kt::Bool)) : kt::Tensor());
}
kt::Tensor MultiHeadAttention::forward(const kt::Tensor& x, const kt::Tensor& attn_mask) const {
  return run(*this, x, attn_mask);
}
