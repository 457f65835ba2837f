// expect: pass
// Accepted: PyTorch >= 2.5's "safe softmax": -inf on masked scores, and a row with nothing to
// attend to gets zero weights instead of NaN.
#include <cmath>
#include <limits>

#include "mha.hpp"

static kt::Tensor run(const MultiHeadAttention& m, const kt::Tensor& x, const kt::Tensor& allowed) {
  const int64_t B = x.size(0), T = x.size(1);
  auto split = [&](const kt::Tensor& t) {
    return t.view({B, T, m.num_heads, m.d_head}).transpose(1, 2);
  };
  const kt::Tensor q = split(m.q_proj(x)), k = split(m.k_proj(x)), v = split(m.v_proj(x));
  kt::Tensor scores = kt::matmul(q, k.transpose(-2, -1)) / std::sqrt(double(m.d_head));
  kt::Tensor weights;
  if (allowed.defined()) {
    const double inf = std::numeric_limits<double>::infinity();
    scores = scores.masked_fill(~allowed, -inf);
    const kt::Tensor empty_row = ~kt::any(allowed.expand_as(scores), -1, true);
    weights = kt::softmax(scores, -1).masked_fill(empty_row, 0.0);
  } else {
    weights = kt::softmax(scores, -1);
  }
  return m.out_proj(kt::matmul(weights, v).transpose(1, 2).contiguous().view({B, T, m.d_model}));
}

kt::Tensor MultiHeadAttention::forward(const kt::Tensor& x, bool causal) const {
  const int64_t T = x.size(1);
  return run(*this, x, causal ? kt::tril(kt::ones({T, T}, kt::Bool)) : kt::Tensor());
}

kt::Tensor MultiHeadAttention::forward(const kt::Tensor& x, const kt::Tensor& attn_mask) const {
  return run(*this, x, attn_mask);
}
