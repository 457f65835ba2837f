// expect: fail
// expect-diagnosis: norm_weights_swapped
// Wrong: each sublayer normalised with the other's weight.
#include "decoder_block.hpp"

kt::Tensor DecoderBlock::mlp(const kt::Tensor& x) const {
  return w_down(kt::silu(w_gate(x)) * w_up(x));
}

kt::Tensor DecoderBlock::forward(const kt::Tensor& x) const {
  const kt::Tensor h = x + attention(rms_norm(x, mlp_norm_weight));
  return h + mlp(rms_norm(h, attn_norm_weight));
}
