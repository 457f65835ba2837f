// expect: fail
// expect-message: on the same case with causal = true your code does drop
// Wrong, no named pitfall: dropout sits inside the causal branch, so a forward without the causal
// mask never drops a weight in training.
#include <cmath>

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
  if (causal && training() && dropout_p > 0.0) {
    const kt::Tensor keep = kt::rand(weights.sizes(), gen) >= dropout_p;
    weights = kt::where(keep, weights / (1.0 - dropout_p), 0.0);
  }
  const kt::Tensor heads = kt::matmul(weights, v);
  return out_proj(heads.transpose(1, 2).contiguous().view({B, T, d_model}));
}
