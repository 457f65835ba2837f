// expect: fail
// expect-diagnosis: own_key_always_attended
// Wrong, no named pitfall (written blind, round 51): the mask ORed with the identity so that a
// padded row is never empty, every query attending its own key whatever the mask says (and -inf
// filled where it hides).
#include "mha.hpp"

#include <cmath>
#include <limits>

namespace {

kt::Tensor split_heads(const kt::Tensor& p, int64_t b, int64_t t, int64_t h, int64_t dh) {
  return p.view({b, t, h, dh}).transpose(1, 2);  // (B, H, T, d_head)
}

}  // namespace

kt::Tensor MultiHeadAttention::forward(const kt::Tensor& x, bool causal) const {
  const int64_t b = x.size(0), t = x.size(1);
  const kt::Tensor q = split_heads(q_proj(x), b, t, num_heads, d_head);
  const kt::Tensor k = split_heads(k_proj(x), b, t, num_heads, d_head);
  const kt::Tensor v = split_heads(v_proj(x), b, t, num_heads, d_head);

  kt::Tensor scores = kt::matmul(q, k.transpose(-2, -1)) / std::sqrt(static_cast<double>(d_head));
  if (causal) {
    const kt::Tensor future = kt::triu(kt::ones({t, t}, kt::Bool), 1);
    scores = scores.masked_fill(future, -std::numeric_limits<double>::infinity());
  }
  const kt::Tensor out = kt::matmul(kt::softmax(scores, -1), v);  // (B, H, T, d_head)
  return out_proj(out.transpose(1, 2).contiguous().view({b, t, d_model}));
}

kt::Tensor MultiHeadAttention::forward(const kt::Tensor& x, const kt::Tensor& attn_mask) const {
  const int64_t b = x.size(0), t = x.size(1);
  const kt::Tensor q = split_heads(q_proj(x), b, t, num_heads, d_head);
  const kt::Tensor k = split_heads(k_proj(x), b, t, num_heads, d_head);
  const kt::Tensor v = split_heads(v_proj(x), b, t, num_heads, d_head);

  const kt::Tensor allowed = attn_mask | (kt::eye(t) > 0.5);
  const kt::Tensor scores =
      (kt::matmul(q, k.transpose(-2, -1)) / std::sqrt(static_cast<double>(d_head)))
          .masked_fill(~allowed, -std::numeric_limits<double>::infinity());
  const kt::Tensor out = kt::matmul(kt::softmax(scores, -1), v);
  return out_proj(out.transpose(1, 2).contiguous().view({b, t, d_model}));
}
