// expect: pass
// Accepted: one query head at a time, reading its kv head's slice of k and v directly (no
// repeated tensor), the heads joined with cat along the features.
#include <cmath>
#include <vector>

#include "gqa.hpp"

static kt::Tensor run(const GroupedQueryAttention& m, const kt::Tensor& x,
                      const kt::Tensor& allowed) {
  const int64_t T = x.size(1), d = m.d_head, group = m.num_heads / m.num_kv_heads;
  const kt::Tensor q = m.q_proj(x), k = m.k_proj(x), v = m.v_proj(x);
  std::vector<kt::Tensor> outs;
  for (int64_t h = 0; h < m.num_heads; ++h) {
    const int64_t g = h / group;
    const kt::Tensor qh = q.narrow(2, h * d, d), kh = k.narrow(2, g * d, d);
    kt::Tensor scores = kt::matmul(qh, kh.transpose(-2, -1)) / std::sqrt(double(d));  // (B,T,T)
    if (allowed.defined()) {
      // Any mask broadcastable to (B, H, T, T): expanded to it, then this head's slice.
      const kt::Tensor a = allowed.expand({x.size(0), m.num_heads, T, T}).select(1, h);
      scores = scores.masked_fill(~a, kt::finfo(scores.dtype()).min);
    }
    outs.push_back(kt::matmul(kt::softmax(scores, -1), v.narrow(2, g * d, d)));
  }
  return m.out_proj(kt::cat(outs, 2));
}

kt::Tensor GroupedQueryAttention::forward(const kt::Tensor& x, bool causal) const {
  const int64_t T = x.size(1);
  return run(*this, x, causal ? kt::tril(kt::ones({T, T}, kt::Bool)) : kt::Tensor());
}

kt::Tensor GroupedQueryAttention::forward(const kt::Tensor& x, const kt::Tensor& attn_mask) const {
  return run(*this, x, attn_mask);
}
