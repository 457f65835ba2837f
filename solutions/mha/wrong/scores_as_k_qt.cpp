// expect: fail
// expect-diagnosis: q_k_swapped
// The scores computed as k qᵀ, not q kᵀ: row i holds key i against every query (the scores
// transposed), so the softmax normalises over the queries.
#include <cmath>

#include "mha.hpp"

namespace {

/// Attention of (B, H, T, d_head) heads; allowed broadcasts to (B, H, T, T), true = may attend.
kt::Tensor attend(const kt::Tensor& q, const kt::Tensor& k, const kt::Tensor& v,
                  const kt::Tensor& allowed, int64_t d_head) {
  kt::Tensor scores = kt::matmul(k, q.transpose(-2, -1)) / std::sqrt(double(d_head));
  if (allowed.defined()) scores = scores.masked_fill(~allowed, kt::finfo(scores.dtype()).min);
  return kt::matmul(kt::softmax(scores, -1), v);
}

}  // namespace

static kt::Tensor run(const MultiHeadAttention& m, const kt::Tensor& x, const kt::Tensor& allowed) {
  const int64_t B = x.size(0), T = x.size(1);
  auto split = [&](const kt::Tensor& t) {
    return t.view({B, T, m.num_heads, m.d_head}).transpose(1, 2);  // (B, H, T, d_head)
  };
  const kt::Tensor heads =
      attend(split(m.q_proj(x)), split(m.k_proj(x)), split(m.v_proj(x)), allowed, m.d_head);
  return m.out_proj(heads.transpose(1, 2).contiguous().view({B, T, m.d_model}));
}

kt::Tensor MultiHeadAttention::forward(const kt::Tensor& x, bool causal) const {
  const int64_t T = x.size(1);
  return run(*this, x, causal ? kt::tril(kt::ones({T, T}, kt::Bool)) : kt::Tensor());
}

kt::Tensor MultiHeadAttention::forward(const kt::Tensor& x, const kt::Tensor& attn_mask) const {
  return run(*this, x, attn_mask);
}
