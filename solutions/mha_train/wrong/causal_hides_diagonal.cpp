// expect: fail
// expect-diagnosis: causal_mask_flipped
// Wrong, no named pitfall (written blind, round 51): the hidden set triu(ones, 0): the causal mask
// also hides each query from itself.
#include "mha_train.hpp"

#include <cmath>

kt::Tensor MultiHeadAttention::forward(const kt::Tensor& x, kt::Generator& gen, bool causal) const {
  const int64_t B = x.size(0);
  const int64_t T = x.size(1);

  auto split = [&](const kt::Tensor& t) {
    return t.view({B, T, num_heads, d_head}).transpose(1, 2);
  };
  kt::Tensor q = split(q_proj(x));
  kt::Tensor k = split(k_proj(x));
  kt::Tensor v = split(v_proj(x));

  kt::Tensor scores = kt::matmul(q, k.transpose(-2, -1)) / std::sqrt(static_cast<double>(d_head));
  if (causal) {
    kt::Tensor future = kt::triu(kt::ones({T, T}, kt::Bool));
    scores = scores.masked_fill(future, kt::finfo(scores.dtype()).min);
  }
  kt::Tensor weights = kt::softmax(scores, -1);  // (B, H, T, T)

  if (training() && dropout_p > 0.0) {
    kt::Tensor keep = kt::rand(weights.sizes(), gen) >= dropout_p;
    weights = weights.masked_fill(~keep, 0.0) / (1.0 - dropout_p);
  }

  kt::Tensor heads = kt::matmul(weights, v);  // (B, H, T, d_head)
  kt::Tensor merged = heads.transpose(1, 2).contiguous().view({B, T, d_model});
  return out_proj(merged);
}
