// expect: pass
// Accepted: the softmax is written out (row max, exponentials, row sum) and the dropout mask and
// 1/(1-p) are applied to the exponentials before dividing by the full, undropped row sum, which
// gives the same dropped weights as dropout after softmax.
#include <cmath>
#include <limits>

#include "mha_train.hpp"

kt::Tensor MultiHeadAttention::forward(const kt::Tensor& x, kt::Generator& gen, bool causal) const {
  const int64_t B = x.size(0);
  const int64_t T = x.size(1);

  // (B, T, d_model) -> (B, H, T, d_head)
  auto heads = [&](const kt::Tensor& t) {
    return t.reshape({B, T, num_heads, d_head}).permute({0, 2, 1, 3});
  };
  const kt::Tensor q = heads(q_proj(x));
  const kt::Tensor k = heads(k_proj(x));
  const kt::Tensor v = heads(v_proj(x));

  kt::Tensor scores = kt::matmul(q, k.transpose(-2, -1)) / std::sqrt(static_cast<double>(d_head));
  if (causal) {
    // key j > query i is hidden; every row keeps its diagonal, so its max stays finite.
    const kt::Tensor hidden = kt::arange(static_cast<double>(T)).unsqueeze(0) >
                              kt::arange(static_cast<double>(T)).unsqueeze(1);
    scores = scores.masked_fill(hidden, -std::numeric_limits<double>::infinity());
  }

  // softmax by hand: w = e / sum(e), e = exp(s - max).
  kt::Tensor e = kt::exp(scores - kt::amax(scores, -1, true));  // hidden entries are exactly 0
  const kt::Tensor row_sum = kt::sum(e, -1, true);              // taken before any dropping
  if (training()) {
    // One independent uniform per (batch, head, query, key) weight, drawn from gen; a dropped
    // weight's numerator is 0, a kept one is scaled by 1 / (1 - p). In eval gen is untouched.
    const kt::Tensor keep = kt::rand(e.sizes(), gen) >= dropout_p;
    e = kt::where(keep, e, 0.0) / (1.0 - dropout_p);
  }
  const kt::Tensor weights = e / row_sum;  // (B, H, T, T), the dropped-and-rescaled weights

  const kt::Tensor ctx = kt::matmul(weights, v);  // (B, H, T, d_head)
  return out_proj(ctx.permute({0, 2, 1, 3}).reshape({B, T, d_model}));
}
