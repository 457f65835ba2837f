// expect-pitfalls: residual_from_normed
// The attention's residual adds the normed x, not x itself: h = rms_norm(x) +
// attention(rms_norm(x)).
#include "decoder_block.hpp"

kt::Tensor DecoderBlock::mlp(const kt::Tensor& x) const {
  return w_down(kt::silu(w_gate(x)) * w_up(x));
}

kt::Tensor DecoderBlock::forward(const kt::Tensor& x) const {
  const kt::Tensor normed = rms_norm(x, attn_norm_weight);
  const kt::Tensor h = normed + attention(normed);
  return h + mlp(rms_norm(h, mlp_norm_weight));
}
