// expect: fail
// expect-diagnosis: wrong_head_order
// Wrong, no named pitfall (written blind, round 52): heads split with reshape({B, H, T, d_head})
// straight from (B, T, d_model), without the transpose (the merge transposes back).
#include "mha_train.hpp"

#include <cmath>
#include <limits>

kt::Tensor MultiHeadAttention::forward(const kt::Tensor& x, kt::Generator& gen, bool causal) const {
  const int64_t B = x.size(0);
  const int64_t T = x.size(1);

  // (B, T, d_model) -> (B, H, T, d_head)
  auto split_heads = [&](const kt::Tensor& t) { return t.reshape({B, num_heads, T, d_head}); };
  const kt::Tensor q = split_heads(q_proj(x));
  const kt::Tensor k = split_heads(k_proj(x));
  const kt::Tensor v = split_heads(v_proj(x));

  kt::Tensor scores = kt::matmul(q, k.transpose(-2, -1)) / std::sqrt(static_cast<double>(d_head));
  if (causal) {
    const kt::Tensor future = kt::triu(kt::ones({T, T}, kt::Bool), 1);
    scores = scores.masked_fill(future, -std::numeric_limits<double>::infinity());
  }
  kt::Tensor weights = kt::softmax(scores, -1);

  if (training() && dropout_p > 0.0) {
    const kt::Tensor keep = kt::rand(weights.sizes(), gen) >= dropout_p;
    weights = weights.masked_fill(~keep, 0.0) / (1.0 - dropout_p);
  }

  const kt::Tensor heads = kt::matmul(weights, v);  // (B, H, T, d_head)
  const kt::Tensor merged = heads.transpose(1, 2).reshape({B, T, d_model});
  return out_proj(merged);
}
