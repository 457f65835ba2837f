// expect: fail
// Wrong: heads are folded into the batch axis head-major (index h*B + b) while the mask is folded
// batch-major (b*H + h), so with B > 1 and several heads each batch entry is masked with another
// entry's mask.
#include "mha.hpp"

#include <cmath>

namespace {

/// (B, T, d_model) -> (H*B, T, d_head), head-major like nn.MultiheadAttention's internals.
kt::Tensor fold_heads(const kt::Tensor& t, int64_t num_heads, int64_t d_head) {
  const int64_t B = t.size(0);
  const int64_t T = t.size(1);
  return t.view({B, T, num_heads, d_head})
      .permute({2, 0, 1, 3})
      .reshape({num_heads * B, T, d_head});
}

/// (H*B, T, d_head) -> (B, T, d_model).
kt::Tensor unfold_heads(const kt::Tensor& t, int64_t B, int64_t num_heads) {
  const int64_t T = t.size(1);
  const int64_t d_head = t.size(2);
  return t.view({num_heads, B, T, d_head})
      .permute({1, 2, 0, 3})
      .reshape({B, T, num_heads * d_head});
}

/// keep: Bool, true = may attend, broadcastable to (H*B, T, T).
kt::Tensor attend(const MultiHeadAttention& m, const kt::Tensor& x, const kt::Tensor& keep) {
  const int64_t B = x.size(0);
  const kt::Tensor q = fold_heads(m.q_proj(x), m.num_heads, m.d_head);
  const kt::Tensor k = fold_heads(m.k_proj(x), m.num_heads, m.d_head);
  const kt::Tensor v = fold_heads(m.v_proj(x), m.num_heads, m.d_head);

  const double scale = 1.0 / std::sqrt(static_cast<double>(m.d_head));
  kt::Tensor scores = kt::matmul(q, k.transpose(-2, -1)) * scale;  // (H*B, T, T)
  scores = kt::masked_fill(scores, ~keep, kt::finfo(scores.dtype()).min);
  const kt::Tensor weights = kt::softmax(scores, -1);
  const kt::Tensor o = kt::matmul(weights, v);  // (H*B, T, d_head)
  return m.out_proj(unfold_heads(o, B, m.num_heads));
}

}  // namespace

kt::Tensor MultiHeadAttention::forward(const kt::Tensor& x, bool causal) const {
  const int64_t T = x.size(1);
  const kt::Tensor keep =
      causal ? kt::tril(kt::ones({T, T}, kt::Bool)) : kt::ones({T, T}, kt::Bool);
  return attend(*this, x, keep);
}

kt::Tensor MultiHeadAttention::forward(const kt::Tensor& x, const kt::Tensor& attn_mask) const {
  const int64_t B = x.size(0);
  const int64_t T = x.size(1);
  kt::Tensor mask = attn_mask;
  while (mask.dim() < 4) mask = mask.unsqueeze(0);
  // (B, H, T, T) -> (B*H, T, T): batch-major, unlike the head-major fold of q, k and v.
  const kt::Tensor keep = mask.expand({B, num_heads, T, T}).reshape({B * num_heads, T, T});
  return attend(*this, x, keep);
}
