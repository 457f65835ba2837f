// expect: fail
// expect-message: #39 tanh of #38 (step 5)
// Wrong: tanh for silu in the gate branch (the journey shows the op computing silu differently).
#include "decoder_block.hpp"

kt::Tensor DecoderBlock::mlp(const kt::Tensor& x) const {
  return w_down(kt::tanh(w_gate(x)) * w_up(x));
}
kt::Tensor DecoderBlock::forward(const kt::Tensor& x) const {
  const kt::Tensor h = x + attention(rms_norm(x, attn_norm_weight));
  return h + mlp(rms_norm(h, mlp_norm_weight));
}
