// expect: pass
// A loop over batch entries and heads, drawing a (T, T) mask from gen inside the loop: every
// (batch entry, head) gets numbers of its own.
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
    std::vector<kt::Tensor> entries;
    for (int64_t b = 0; b < B; ++b) {
      std::vector<kt::Tensor> per_head;
      for (int64_t h = 0; h < num_heads; ++h) {
        const kt::Tensor keep = kt::rand({T, T}, gen) >= dropout_p;
        per_head.push_back(
            kt::where(keep, weights.select(0, b).select(0, h) / (1.0 - dropout_p), 0.0));
      }
      entries.push_back(kt::stack(per_head, 0));
    }
    weights = kt::stack(entries, 0);
  }
  const kt::Tensor heads = kt::matmul(weights, v);
  return out_proj(heads.transpose(1, 2).contiguous().view({B, T, d_model}));
}
