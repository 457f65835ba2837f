// expect: fail
// Hostile to the checks: the first training call's mask is kept in a static and reused by every
// later call (and by every module), so no two calls differ; a per-module statistic sees nothing.
#include <cmath>

#include "mha_train.hpp"

kt::Tensor MultiHeadAttention::forward(const kt::Tensor& x, kt::Generator& gen, bool causal) const {
  const int64_t B = x.size(0), T = x.size(1);
  auto split = [&](const kt::Tensor& t) {
    return t.view({B, T, num_heads, d_head}).transpose(1, 2);
  };
  const kt::Tensor q = split(q_proj(x)), k = split(k_proj(x)), v = split(v_proj(x));
  kt::Tensor scores = kt::matmul(q, k.transpose(-2, -1)) / std::sqrt(double(d_head));
  if (causal) scores = scores.masked_fill(~kt::tril(kt::ones({T, T}, kt::Bool)), -1e300);
  kt::Tensor weights = kt::softmax(scores, -1);
  if (training() && dropout_p > 0.0) {
    static kt::Tensor cached;
    if (!cached.defined() || cached.sizes() != weights.sizes())
      cached = kt::rand(weights.sizes(), gen) >= dropout_p;
    weights = kt::where(cached, weights / (1.0 - dropout_p), 0.0);
  }
  const kt::Tensor heads = kt::matmul(weights, v);
  return out_proj(heads.transpose(1, 2).contiguous().view({B, T, d_model}));
}
