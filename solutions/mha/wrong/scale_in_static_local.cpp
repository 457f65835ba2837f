// expect: fail
// expect-diagnosis: depends_on_earlier_calls
// Wrong, no named pitfall (written blind, round 52): the score scale a static local of the shared
// helper: fixed by the first module called, wrong for a later d_head.
#include "mha.hpp"

#include <cmath>

namespace {

// Shared by both forwards: keep is a Bool mask (true = may attend) or undefined for no mask.
kt::Tensor attend(const MultiHeadAttention& m, const kt::Tensor& x, const kt::Tensor& keep) {
  const int64_t B = x.size(0);
  const int64_t T = x.size(1);
  const int64_t H = m.num_heads;
  const int64_t dh = m.d_head;
  static const double scale = 1.0 / std::sqrt(static_cast<double>(dh));

  const kt::Tensor q = m.q_proj(x).view({B, T, H, dh}).transpose(1, 2);  // (B, H, T, dh)
  const kt::Tensor k = m.k_proj(x).view({B, T, H, dh}).transpose(1, 2);
  const kt::Tensor v = m.v_proj(x).view({B, T, H, dh}).transpose(1, 2);

  kt::Tensor scores = kt::matmul(q, k.transpose(-2, -1)) * scale;  // (B, H, T, T)
  if (keep.defined()) {
    scores = scores.masked_fill(~keep, kt::finfo(scores.dtype()).min);
  }
  const kt::Tensor weights = kt::softmax(scores, -1);
  const kt::Tensor heads = kt::matmul(weights, v);  // (B, H, T, dh)
  const kt::Tensor merged = heads.transpose(1, 2).contiguous().view({B, T, m.d_model});
  return m.out_proj(merged);
}

}  // namespace

kt::Tensor MultiHeadAttention::forward(const kt::Tensor& x, bool causal) const {
  if (!causal) {
    return attend(*this, x, kt::Tensor());
  }
  const int64_t T = x.size(1);
  return attend(*this, x, kt::tril(kt::ones({T, T}, kt::Bool)));
}

kt::Tensor MultiHeadAttention::forward(const kt::Tensor& x, const kt::Tensor& attn_mask) const {
  return attend(*this, x, attn_mask);
}
