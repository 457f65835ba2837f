// expect: fail
// Wrong, no pitfall: one (B, 1, T, T) draw, and head h uses it rolled by h keys: no axis shares a
// mask, but each weight of head 1 goes with its neighbour's in head 0.
#include <cmath>
#include <vector>

#include "mha_train.hpp"

kt::Tensor MultiHeadAttention::forward(const kt::Tensor& x, kt::Generator& gen, bool causal) const {
  const int64_t B = x.size(0), T = x.size(1);
  auto split = [&](const kt::Tensor& t) {
    return t.view({B, T, num_heads, d_head}).transpose(1, 2);  // (B, H, T, d_head)
  };
  const kt::Tensor q = split(q_proj(x)), k = split(k_proj(x)), v = split(v_proj(x));
  kt::Tensor scores = kt::matmul(q, k.transpose(-2, -1)) / std::sqrt(double(d_head));
  if (causal) {
    const kt::Tensor allowed = kt::tril(kt::ones({T, T}, kt::Bool));
    scores = scores.masked_fill(~allowed, kt::finfo(scores.dtype()).min);
  }
  kt::Tensor weights = kt::softmax(scores, -1);
  if (training() && dropout_p > 0.0) {
    const kt::Tensor u = kt::rand({B, 1, T, T}, gen);
    std::vector<kt::Tensor> per_head;
    for (int64_t h = 0; h < num_heads; ++h) {
      const int64_t s = h % T;  // roll the keys by h: column j reads column (j + s) mod T
      per_head.push_back(s == 0 ? u : kt::cat({u.narrow(3, s, T - s), u.narrow(3, 0, s)}, 3));
    }
    const kt::Tensor keep = kt::cat(per_head, 1) >= dropout_p;
    weights = kt::where(keep, weights / (1.0 - dropout_p), 0.0);
  }
  const kt::Tensor heads = kt::matmul(weights, v);
  return out_proj(heads.transpose(1, 2).contiguous().view({B, T, d_model}));
}
