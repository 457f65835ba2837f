// expect: fail
// expect-diagnosis: norm_weights_left_out
// Wrong: both norms called with a weight of ones: the block's own norm weights are never read.
#include "decoder_block.hpp"

kt::Tensor DecoderBlock::mlp(const kt::Tensor& x) const {
  return w_down(kt::silu(w_gate(x)) * w_up(x));
}

kt::Tensor DecoderBlock::forward(const kt::Tensor& x) const {
  const kt::Tensor ones = kt::ones_like(attn_norm_weight);
  const kt::Tensor h = x + attention(rms_norm(x, ones));
  return h + mlp(rms_norm(h, ones));
}