// expect: fail
// Exactly one weight dropped in every row (the one at a random key), whatever dropout_p: the
// share dropped is 1 / T, not p.
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
  if (training() && dropout_p > 0.0) {
    kt::Shape per_row = weights.sizes();
    per_row.back() = 1;
    const kt::Tensor at = kt::rand(per_row, gen) * double(T);  // key floor(at) is dropped
    const kt::Tensor key = kt::arange(double(T));
    const kt::Tensor keep = (key > at) | ((key + 1.0) <= at);
    weights = kt::where(keep, weights / (1.0 - dropout_p), 0.0);
  }
  const kt::Tensor heads = kt::matmul(weights, v);
  return out_proj(heads.transpose(1, 2).contiguous().view({B, T, d_model}));
}
