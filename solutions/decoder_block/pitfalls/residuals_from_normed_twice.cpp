// expect-pitfalls: residual_from_normed
// Both sublayers normalise their input in place of it: x = rms_norm(x); x = x + sublayer(x).
#include "decoder_block.hpp"

kt::Tensor DecoderBlock::mlp(const kt::Tensor& x) const {
  return w_down(kt::silu(w_gate(x)) * w_up(x));
}

kt::Tensor DecoderBlock::forward(const kt::Tensor& x) const {
  kt::Tensor h = rms_norm(x, attn_norm_weight);
  h = h + attention(h);
  const kt::Tensor hn = rms_norm(h, mlp_norm_weight);
  return hn + mlp(hn);
}
