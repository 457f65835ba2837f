// expect: pass
// Accepted: one head at a time with narrow() on the projected features, joined with cat().
#include <cmath>

#include "mha.hpp"

static kt::Tensor run(const MultiHeadAttention& m, const kt::Tensor& x, const kt::Tensor& allowed,
                      bool causal) {
  const int64_t T = x.size(1);
  const kt::Tensor q = m.q_proj(x), k = m.k_proj(x), v = m.v_proj(x);  // (B, T, D)
  std::vector<kt::Tensor> outs;
  for (int64_t h = 0; h < m.num_heads; ++h) {
    const kt::Tensor qh = q.narrow(-1, h * m.d_head, m.d_head);  // (B, T, d_head)
    const kt::Tensor kh = k.narrow(-1, h * m.d_head, m.d_head);
    const kt::Tensor vh = v.narrow(-1, h * m.d_head, m.d_head);
    kt::Tensor scores = kt::matmul(qh, kh.transpose(1, 2)) / std::sqrt(double(m.d_head));
    if (causal)
      scores =
          scores.masked_fill(kt::triu(kt::ones({T, T}, kt::Bool), 1), kt::finfo(kt::Float64).min);
    if (allowed.defined()) {
      // allowed broadcasts to (B, H, T, T): pick this head (size-1 head dims broadcast)
      kt::Tensor a = allowed;
      while (a.dim() < 4) a = a.unsqueeze(0);
      const kt::Tensor ah = a.select(1, a.size(1) == 1 ? 0 : h);  // (B or 1, T, T)
      scores = scores.masked_fill(~ah, kt::finfo(kt::Float64).min);
    }
    outs.push_back(kt::matmul(kt::softmax(scores, -1), vh));
  }
  return m.out_proj(kt::cat(outs, -1));
}

kt::Tensor MultiHeadAttention::forward(const kt::Tensor& x, bool causal) const {
  return run(*this, x, kt::Tensor(), causal);
}

kt::Tensor MultiHeadAttention::forward(const kt::Tensor& x, const kt::Tensor& attn_mask) const {
  return run(*this, x, attn_mask, false);
}
