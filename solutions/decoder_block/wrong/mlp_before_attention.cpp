// expect: fail
// expect-diagnosis: sublayers_swapped
// Wrong, no named pitfall (written blind, round 51): the two sublayers in the wrong order: the MLP
// first, then attention.
#include "decoder_block.hpp"

kt::Tensor DecoderBlock::mlp(const kt::Tensor& x) const {
  return w_down(kt::silu(w_gate(x)) * w_up(x));
}

kt::Tensor DecoderBlock::forward(const kt::Tensor& x) const {
  const kt::Tensor h = x + mlp(rms_norm(x, mlp_norm_weight));
  return h + attention(rms_norm(h, attn_norm_weight));
}
