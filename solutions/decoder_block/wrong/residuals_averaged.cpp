// expect: fail
// Wrong: each residual sum halved, (x + attention(xn)) * 0.5: a residual adds, it does not
// average (rms_norm hides the half from the MLP, not from the output).
#include "decoder_block.hpp"

kt::Tensor DecoderBlock::mlp(const kt::Tensor& x) const {
  return w_down(kt::silu(w_gate(x)) * w_up(x));
}

kt::Tensor DecoderBlock::forward(const kt::Tensor& x) const {
  const kt::Tensor h = (x + attention(rms_norm(x, attn_norm_weight))) * 0.5;
  return (h + mlp(rms_norm(h, mlp_norm_weight))) * 0.5;
}