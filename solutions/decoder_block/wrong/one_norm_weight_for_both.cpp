// expect: fail
// Wrong: normalises before the MLP with the attention's norm weight (attn_norm_weight twice;
// mlp_norm_weight is never read).
#include "decoder_block.hpp"

kt::Tensor DecoderBlock::mlp(const kt::Tensor& x) const {
  return w_down(kt::silu(w_gate(x)) * w_up(x));
}

kt::Tensor DecoderBlock::forward(const kt::Tensor& x) const {
  const kt::Tensor h = x + attention(rms_norm(x, attn_norm_weight));
  return h + mlp(rms_norm(h, attn_norm_weight));
}
