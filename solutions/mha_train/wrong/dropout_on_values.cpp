// expect: fail
// Wrong, no named pitfall: the dropout on the values v, not on the attention weights. Not
// dropout_on_output, whose detector once claimed it: a dropout on v drops a value's feature for
// every query at once.
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
  kt::Tensor values = v;
  if (training() && dropout_p > 0.0) {
    const kt::Tensor keep = kt::rand(v.sizes(), gen) >= dropout_p;
    values = kt::where(keep, v / (1.0 - dropout_p), 0.0);
  }
  const kt::Tensor heads = kt::matmul(weights, values);
  return out_proj(heads.transpose(1, 2).contiguous().view({B, T, d_model}));
}
