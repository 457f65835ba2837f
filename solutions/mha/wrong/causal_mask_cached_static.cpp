// expect: fail
// expect-diagnosis: depends_on_earlier_calls
// Wrong, no named pitfall (written blind, round 51): the causal mask built once in a function-local
// static, sized by the first call's T.
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
    static const kt::Tensor future = kt::triu(kt::ones({t, t}, kt::Bool), 1);
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

  const kt::Tensor scores =
      (kt::matmul(q, k.transpose(-2, -1)) / std::sqrt(static_cast<double>(d_head)))
          .masked_fill(~attn_mask, kt::finfo(kt::Float64).min);
  const kt::Tensor out = kt::matmul(kt::softmax(scores, -1), v);
  return out_proj(out.transpose(1, 2).contiguous().view({b, t, d_model}));
}
