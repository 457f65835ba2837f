#include "grader/katas/decoder_block/mistakes.hpp"

#include <cmath>
#include <limits>

namespace grader::kata_decoder_block {

kt::Tensor given_rms_norm(const kt::Tensor& x, const kt::Tensor& weight) {
  return x * kt::rsqrt(kt::mean(x * x, -1, true) + 1e-6) * weight;
}

kt::Tensor given_attention(const kt::Tensor& x, const ref::DecoderWeights& w) {
  const int64_t b = x.size(0), t = x.size(1), d = x.size(2), h = w.num_heads, dh = d / h;
  const auto proj = [&](const kt::Tensor& weight) { return kt::matmul(x, weight.transpose(0, 1)); };
  const auto heads = [&](const kt::Tensor& p) { return p.view({b, t, h, dh}).transpose(1, 2); };
  const kt::Tensor q = heads(proj(w.wq)), k = heads(proj(w.wk)), v = heads(proj(w.wv));
  const kt::Tensor future = kt::triu(kt::ones({t, t}, kt::Bool), 1);
  const kt::Tensor scores = (kt::matmul(q, k.transpose(-2, -1)) / std::sqrt(double(dh)))
                                .masked_fill(future, -std::numeric_limits<double>::infinity());
  const kt::Tensor out = kt::matmul(kt::softmax(scores, -1), v);
  return kt::matmul(out.transpose(1, 2).contiguous().view({b, t, d}), w.wo.transpose(0, 1));
}

kt::Tensor mlp_with_steps(const kt::Tensor& x, const ref::DecoderWeights& w, const Steps& steps) {
  const kt::Tensor gate = kt::matmul(x, w.w_gate.transpose(0, 1));
  const kt::Tensor up = kt::matmul(x, w.w_up.transpose(0, 1));
  kt::Tensor hidden;
  switch (steps.activation) {
    case Steps::Activation::Gate:
      hidden = kt::silu(gate) * up;
      break;
    case Steps::Activation::Up:
      hidden = kt::silu(up) * gate;
      break;
    case Steps::Activation::None:
      hidden = gate * up;
      break;
  }
  return kt::matmul(hidden, w.w_down.transpose(0, 1));
}

kt::Tensor block_with_steps(const Case& c, const Steps& steps) {
  const ref::DecoderWeights& w = c.w;
  const kt::Tensor& x = c.x;
  if (steps.post_norm) {
    const kt::Tensor h = given_rms_norm(x + given_attention(x, w), w.attn_norm);
    return given_rms_norm(h + mlp_with_steps(h, w, steps), w.mlp_norm);
  }
  const kt::Tensor xn = given_rms_norm(x, w.attn_norm);
  const kt::Tensor h = (steps.attn_from_normed ? xn : x) + given_attention(xn, w);
  const kt::Tensor hn =
      steps.mlp_reads_xn ? xn : given_rms_norm(steps.mlp_reads_x ? x : h, w.mlp_norm);
  return (steps.mlp_from_normed ? hn : h) + mlp_with_steps(hn, w, steps);
}

kt::Tensor call_with_steps(const Case& c, const Steps& steps) {
  return c.mlp_only ? mlp_with_steps(c.x, c.w, steps) : block_with_steps(c, steps);
}

Made pitfalls_made(const Steps& steps) {
  return {.post_norm = steps.post_norm,
          .residual_from_normed = steps.attn_from_normed || steps.mlp_from_normed,
          .mlp_reads_block_input = steps.mlp_reads_x || steps.mlp_reads_xn,
          .silu_on_up_branch = steps.activation == Steps::Activation::Up,
          .missing_activation = steps.activation == Steps::Activation::None};
}

}  // namespace grader::kata_decoder_block
