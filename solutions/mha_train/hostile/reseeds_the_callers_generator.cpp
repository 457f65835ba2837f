// expect: fail
// Hostile to the caller: reseeds the generator it is given (to 0) on every call, so every call
// draws the same mask, and the caller's generator is changed behind its back.
#include <cmath>

#include "mha_train.hpp"

kt::Tensor MultiHeadAttention::forward(const kt::Tensor& x, kt::Generator& gen, bool causal) const {
  gen.manual_seed(0);
  const int64_t B = x.size(0), T = x.size(1);
  auto split = [&](const kt::Tensor& t) {
    return t.view({B, T, num_heads, d_head}).transpose(1, 2);
  };
  const kt::Tensor q = split(q_proj(x)), k = split(k_proj(x)), v = split(v_proj(x));
  kt::Tensor scores = kt::matmul(q, k.transpose(-2, -1)) / std::sqrt(double(d_head));
  if (causal) scores = scores.masked_fill(~kt::tril(kt::ones({T, T}, kt::Bool)), -1e300);
  kt::Tensor weights = kt::softmax(scores, -1);
  if (training() && dropout_p > 0.0)
    weights =
        kt::where(kt::rand(weights.sizes(), gen) >= dropout_p, weights / (1.0 - dropout_p), 0.0);
  return out_proj(kt::matmul(weights, v).transpose(1, 2).contiguous().view({B, T, d_model}));
}
