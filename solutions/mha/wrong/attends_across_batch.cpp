// expect: fail
// expect-diagnosis: attends_across_batch
// Wrong (no named pitfall): with causal = true the batch is flattened into one long sequence
// (1, B*T, d_model) before attention, so a sequence attends to the tokens of the entries before
// it. Reported by the causal check as sequences of a batch mixing, not as the future leaking.
#include <cmath>

#include "mha.hpp"

static kt::Tensor run(const MultiHeadAttention& m, const kt::Tensor& x, const kt::Tensor& allowed) {
  const int64_t B = x.size(0), T = x.size(1);
  auto split = [&](const kt::Tensor& t) {
    return t.view({B, T, m.num_heads, m.d_head}).transpose(1, 2);  // (B, H, T, d_head)
  };
  const kt::Tensor q = split(m.q_proj(x)), k = split(m.k_proj(x)), v = split(m.v_proj(x));
  kt::Tensor scores = kt::matmul(q, k.transpose(-2, -1)) / std::sqrt(double(m.d_head));
  if (allowed.defined()) scores = scores.masked_fill(~allowed, kt::finfo(scores.dtype()).min);
  const kt::Tensor heads = kt::matmul(kt::softmax(scores, -1), v);
  return m.out_proj(heads.transpose(1, 2).contiguous().view({B, T, m.d_model}));
}

kt::Tensor MultiHeadAttention::forward(const kt::Tensor& x, bool causal) const {
  if (!causal) return run(*this, x, kt::Tensor());
  // The bug: every token of every sequence in one causal sequence.
  const int64_t B = x.size(0), T = x.size(1), n = B * T;
  const kt::Tensor flat = x.reshape({1, n, d_model});
  return run(*this, flat, kt::tril(kt::ones({n, n}, kt::Bool))).reshape({B, T, d_model});
}

kt::Tensor MultiHeadAttention::forward(const kt::Tensor& x, const kt::Tensor& attn_mask) const {
  return run(*this, x, attn_mask);
}
