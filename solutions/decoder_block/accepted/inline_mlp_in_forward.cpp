// expect: pass
// forward computes the MLP inline instead of calling mlp.
#include "decoder_block.hpp"

kt::Tensor DecoderBlock::mlp(const kt::Tensor& x) const {
  return w_down(kt::silu(w_gate(x)) * w_up(x));
}

kt::Tensor DecoderBlock::forward(const kt::Tensor& x) const {
  const kt::Tensor h = x + attention(rms_norm(x, attn_norm_weight));
  const kt::Tensor hn = rms_norm(h, mlp_norm_weight);
  return h + w_down(kt::silu(w_gate(hn)) * w_up(hn));
}
