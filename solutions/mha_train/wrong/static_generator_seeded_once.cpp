// expect: fail
// Wrong: the dropout draws come from a function-static generator seeded from gen on the first
// training call only, so later calls neither read nor advance gen and generators seeded alike no
// longer give the same output.
#include <cmath>
#include <limits>

#include "mha_train.hpp"

kt::Tensor MultiHeadAttention::forward(const kt::Tensor& x, kt::Generator& gen, bool causal) const {
  const int64_t B = x.size(0);
  const int64_t T = x.size(1);
  const int64_t H = num_heads;
  const int64_t dh = d_head;

  auto split = [&](const kt::Tensor& t) { return t.view({B, T, H, dh}).transpose(1, 2); };
  const kt::Tensor q = split(q_proj(x));  // (B, H, T, dh)
  const kt::Tensor k = split(k_proj(x));
  const kt::Tensor v = split(v_proj(x));

  kt::Tensor scores =
      kt::matmul(q, k.transpose(-2, -1)) / std::sqrt(static_cast<double>(dh));  // (B, H, T, T)
  if (causal) {
    const kt::Tensor future = kt::arange(static_cast<double>(T)).unsqueeze(0) >
                              kt::arange(static_cast<double>(T)).unsqueeze(1);
    scores = scores.masked_fill(future, -std::numeric_limits<double>::infinity());
  }
  kt::Tensor attn = kt::softmax(scores, -1);

  if (training() && dropout_p > 0.0) {
    // A generator of our own, seeded with a number taken from gen (not reseeded every call).
    static kt::Generator local(gen.next_u64());
    const kt::Tensor keep = kt::rand(attn.sizes(), local) >= dropout_p;
    attn = kt::where(keep, attn / (1.0 - dropout_p), 0.0);
  }

  const kt::Tensor ctx = kt::matmul(attn, v);  // (B, H, T, dh)
  return out_proj(ctx.transpose(1, 2).reshape({B, T, d_model}));
}
