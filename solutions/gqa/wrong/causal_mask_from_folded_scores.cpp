// expect: fail
// Wrong, no named pitfall (written blind, round 52): the query heads of a group folded into the
// time axis, and the causal triangle built from the folded scores' size (G·T, T): right for the
// first head of each group only.
#include "gqa.hpp"

#include <cmath>

namespace {

// The query heads of a group are folded into the time axis, so each kv head is used as is,
// with no copy: scores are (B, num_kv_heads, group * T, T).
kt::Tensor attend(const GroupedQueryAttention& m, const kt::Tensor& x, bool causal,
                  const kt::Tensor& keep) {
  const int64_t B = x.size(0);
  const int64_t T = x.size(1);
  const int64_t H = m.num_heads;
  const int64_t KV = m.num_kv_heads;
  const int64_t G = H / KV;
  const int64_t dh = m.d_head;
  const double scale = 1.0 / std::sqrt(static_cast<double>(dh));

  const kt::Tensor q =
      m.q_proj(x).view({B, T, H, dh}).transpose(1, 2).contiguous().view({B, KV, G * T, dh});
  const kt::Tensor k = m.k_proj(x).view({B, T, KV, dh}).transpose(1, 2);  // (B, KV, T, dh)
  const kt::Tensor v = m.v_proj(x).view({B, T, KV, dh}).transpose(1, 2);

  kt::Tensor scores = kt::matmul(q, k.transpose(-2, -1)) * scale;  // (B, KV, G*T, T)
  const double lowest = kt::finfo(scores.dtype()).min;

  if (keep.defined()) {
    const kt::Tensor folded = keep.expand({B, H, T, T}).reshape({B, KV, G * T, T});
    scores = scores.masked_fill(~folded, lowest);
  }
  if (causal) {
    const kt::Tensor allowed = kt::tril(kt::ones({scores.size(-2), scores.size(-1)}, kt::Bool));
    scores = scores.masked_fill(~allowed, lowest);
  }

  const kt::Tensor weights = kt::softmax(scores, -1);
  const kt::Tensor heads = kt::matmul(weights, v).view({B, H, T, dh});
  const kt::Tensor merged = heads.transpose(1, 2).contiguous().view({B, T, m.d_model});
  return m.out_proj(merged);
}

}  // namespace

kt::Tensor GroupedQueryAttention::forward(const kt::Tensor& x, bool causal) const {
  return attend(*this, x, causal, kt::Tensor());
}

kt::Tensor GroupedQueryAttention::forward(const kt::Tensor& x, const kt::Tensor& attn_mask) const {
  return attend(*this, x, false, attn_mask);
}
