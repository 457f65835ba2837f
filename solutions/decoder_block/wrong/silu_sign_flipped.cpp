// expect: fail
// expect-message: #42 mul of #38 (step 5) and #41
// Wrong: silu by hand with the sign flipped, g * sigmoid(-g) (the journey shows the op computing
// silu(w_gate) differently).
#include "decoder_block.hpp"

kt::Tensor DecoderBlock::mlp(const kt::Tensor& x) const {
  const kt::Tensor g = w_gate(x);
  return w_down(g * kt::sigmoid(-g) * w_up(x));
}
kt::Tensor DecoderBlock::forward(const kt::Tensor& x) const {
  const kt::Tensor h = x + attention(rms_norm(x, attn_norm_weight));
  return h + mlp(rms_norm(h, mlp_norm_weight));
}
