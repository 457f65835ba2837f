// expect: fail
// Dropout applied to the queries (each feature zeroed with probability p, the rest divided by
// 1 - p) instead of to the attention weights: the weights still sum to 1 per row, but they are no
// dropout of the scores either (not dropout_before_softmax, whose detector once claimed such rows).
#include <cmath>

#include "mha_train.hpp"

kt::Tensor MultiHeadAttention::forward(const kt::Tensor& x, kt::Generator& gen, bool causal) const {
  const int64_t B = x.size(0), T = x.size(1);
  auto split = [&](const kt::Tensor& t) {
    return t.view({B, T, num_heads, d_head}).transpose(1, 2);  // (B, H, T, d_head)
  };
  kt::Tensor q = split(q_proj(x));
  const kt::Tensor k = split(k_proj(x)), v = split(v_proj(x));
  if (training() && dropout_p > 0.0) {
    const kt::Tensor keep = kt::rand(q.sizes(), gen) >= dropout_p;
    q = kt::where(keep, q / (1.0 - dropout_p), 0.0);
  }
  kt::Tensor scores = kt::matmul(q, k.transpose(-2, -1)) / std::sqrt(double(d_head));
  if (causal) {
    const kt::Tensor allowed = kt::tril(kt::ones({T, T}, kt::Bool));
    scores = scores.masked_fill(~allowed, kt::finfo(scores.dtype()).min);
  }
  const kt::Tensor weights = kt::softmax(scores, -1);
  const kt::Tensor heads = kt::matmul(weights, v);
  return out_proj(heads.transpose(1, 2).contiguous().view({B, T, d_model}));
}
