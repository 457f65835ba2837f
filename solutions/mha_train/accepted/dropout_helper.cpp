// expect: pass
// A dropout function of its own, called on the weights; p = 0 and eval skip it.
#include <cmath>

#include "mha_train.hpp"

namespace {

kt::Tensor dropout(const kt::Tensor& t, double p, bool training, kt::Generator& gen) {
  if (!training || p == 0.0) return t;
  const kt::Tensor scale = (kt::rand(t.sizes(), gen) >= p).to(t.dtype()) * (1.0 / (1.0 - p));
  return t * scale;
}

}  // namespace

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
  weights = dropout(weights, dropout_p, training(), gen);
  const kt::Tensor heads = kt::matmul(weights, v);
  return out_proj(heads.transpose(1, 2).contiguous().view({B, T, d_model}));
}
