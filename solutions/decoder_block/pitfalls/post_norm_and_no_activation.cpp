// expect-pitfalls: post_norm, missing_activation
// Post-norm, and a bilinear MLP.
#include "decoder_block.hpp"

kt::Tensor DecoderBlock::mlp(const kt::Tensor& x) const { return w_down(w_gate(x) * w_up(x)); }

kt::Tensor DecoderBlock::forward(const kt::Tensor& x) const {
  const kt::Tensor h = rms_norm(x + attention(x), attn_norm_weight);
  return rms_norm(h + mlp(h), mlp_norm_weight);
}
