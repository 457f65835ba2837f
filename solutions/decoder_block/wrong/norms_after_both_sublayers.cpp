// expect: fail
// expect-diagnosis: norm_on_sublayer_output
// Each sublayer's output normalised before the residual adds it (x + norm(attention(x)), then
// h + norm(mlp(h))), instead of each sublayer's input.
#include "decoder_block.hpp"

kt::Tensor DecoderBlock::mlp(const kt::Tensor& x) const {
  return w_down(kt::silu(w_gate(x)) * w_up(x));
}

kt::Tensor DecoderBlock::forward(const kt::Tensor& x) const {
  const kt::Tensor h = x + rms_norm(attention(x), attn_norm_weight);
  return h + rms_norm(mlp(h), mlp_norm_weight);
}
