// expect: fail
// expect-diagnosis: norm_on_sublayer_output
// The attention sublayer normalises its output (x + norm(attention(x))) instead of its input.
#include "decoder_block.hpp"

kt::Tensor DecoderBlock::mlp(const kt::Tensor& x) const {
  return w_down(kt::silu(w_gate(x)) * w_up(x));
}

kt::Tensor DecoderBlock::forward(const kt::Tensor& x) const {
  const kt::Tensor h = x + rms_norm(attention(x), attn_norm_weight);
  return h + mlp(rms_norm(h, mlp_norm_weight));
}
