// expect: pass
// Accepted: instead of repeating the keys and values, the rows (and biases) of k_proj and v_proj
// are repeated per group, so the projections give num_heads heads directly and the rest is plain
// multi-head attention.
#include "gqa.hpp"

#include <cmath>

namespace {

/// A projection to num_kv_heads * d_head features turned into one to num_heads * d_head: kv head
/// g's block of rows is repeated for the `group` consecutive query heads that read it.
kt::Tensor project_repeated(const kt::nn::Linear& proj, const kt::Tensor& x, int64_t num_kv_heads,
                            int64_t group, int64_t d_head) {
  const int64_t d_in = proj.weight.size(1);
  const int64_t out = num_kv_heads * group * d_head;
  const kt::Tensor W = proj.weight.reshape({num_kv_heads, 1, d_head, d_in})
                           .expand({num_kv_heads, group, d_head, d_in})
                           .reshape({out, d_in});
  kt::Tensor y = kt::matmul(x, W.transpose(0, 1));  // (B, T, num_heads * d_head)
  if (proj.bias.defined()) {
    y = y + proj.bias.reshape({num_kv_heads, 1, d_head})
                .expand({num_kv_heads, group, d_head})
                .reshape({out});
  }
  return y;
}

kt::Tensor split_heads(const kt::Tensor& t, int64_t num_heads, int64_t d_head) {
  return t.view({t.size(0), t.size(1), num_heads, d_head}).transpose(1, 2);  // (B, H, T, dh)
}

/// keep: Bool, true = may attend, broadcastable to (B, num_heads, T, T); undefined = no mask.
kt::Tensor attend(const GroupedQueryAttention& m, const kt::Tensor& x, const kt::Tensor& keep) {
  const int64_t B = x.size(0);
  const int64_t T = x.size(1);
  const int64_t group = m.num_heads / m.num_kv_heads;

  const kt::Tensor q = split_heads(m.q_proj(x), m.num_heads, m.d_head);
  const kt::Tensor k = split_heads(project_repeated(m.k_proj, x, m.num_kv_heads, group, m.d_head),
                                   m.num_heads, m.d_head);
  const kt::Tensor v = split_heads(project_repeated(m.v_proj, x, m.num_kv_heads, group, m.d_head),
                                   m.num_heads, m.d_head);

  kt::Tensor scores = kt::matmul(q, k.transpose(-2, -1)) / std::sqrt(static_cast<double>(m.d_head));
  if (keep.defined()) scores = kt::masked_fill(scores, ~keep, kt::finfo(scores.dtype()).min);
  const kt::Tensor o = kt::matmul(kt::softmax(scores, -1), v);  // (B, H, T, dh)
  return m.out_proj(o.transpose(1, 2).reshape({B, T, m.d_model}));
}

}  // namespace

kt::Tensor GroupedQueryAttention::forward(const kt::Tensor& x, bool causal) const {
  const int64_t T = x.size(1);
  kt::Tensor keep;
  if (causal) keep = kt::tril(kt::ones({T, T}, kt::Bool));
  return attend(*this, x, keep);
}

kt::Tensor GroupedQueryAttention::forward(const kt::Tensor& x, const kt::Tensor& attn_mask) const {
  return attend(*this, x, attn_mask);
}
