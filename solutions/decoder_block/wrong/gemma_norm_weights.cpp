// expect: fail
// expect-diagnosis: norm_weights_plus_one
// The norms scaled by 1 + weight, as Gemma's RMSNorm does, instead of by the weight.
#include "decoder_block.hpp"

kt::Tensor DecoderBlock::mlp(const kt::Tensor& x) const {
  return w_down(kt::silu(w_gate(x)) * w_up(x));
}

kt::Tensor DecoderBlock::forward(const kt::Tensor& x) const {
  const kt::Tensor h = x + attention(rms_norm(x, attn_norm_weight + 1.0));
  return h + mlp(rms_norm(h, mlp_norm_weight + 1.0));
}
