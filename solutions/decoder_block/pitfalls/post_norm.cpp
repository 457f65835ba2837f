// expect-pitfalls: post_norm
// The original Transformer's order: normalise after each residual sum.
#include "decoder_block.hpp"

kt::Tensor DecoderBlock::mlp(const kt::Tensor& x) const {
  return w_down(kt::silu(w_gate(x)) * w_up(x));
}

kt::Tensor DecoderBlock::forward(const kt::Tensor& x) const {
  const kt::Tensor h = rms_norm(x + attention(x), attn_norm_weight);
  return rms_norm(h + mlp(h), mlp_norm_weight);
}
