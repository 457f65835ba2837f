// expect: fail
// Wrong, no pitfall: 2T - 1 numbers per (batch entry, head), weight (i, j) reads number i + j: the
// rate is right and no axis shares a mask, but weights on one anti-diagonal go together.
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
    const int64_t H = num_heads;
    const std::vector<double> u = kt::rand({B, H, 2 * T - 1}, gen).to_vector<double>();
    std::vector<double> scale(size_t(B * H * T * T));
    for (int64_t bh = 0; bh < B * H; ++bh)
      for (int64_t i = 0; i < T; ++i)
        for (int64_t j = 0; j < T; ++j)
          scale[size_t((bh * T + i) * T + j)] =
              u[size_t(bh * (2 * T - 1) + i + j)] < dropout_p ? 0.0 : 1.0 / (1.0 - dropout_p);
    weights = weights * kt::from_vector(scale, weights.sizes());
  }
  const kt::Tensor heads = kt::matmul(weights, v);
  return out_proj(heads.transpose(1, 2).contiguous().view({B, T, d_model}));
}
