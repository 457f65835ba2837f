// expect: fail
// Wrong, no named pitfall (written blind, round 51): a copy-paste slip: the gate branch uses w_up
// where w_gate belongs (w_down(silu(w_up(x)) * w_up(x))).
#include "decoder_block.hpp"

kt::Tensor DecoderBlock::mlp(const kt::Tensor& x) const {
  const kt::Tensor gate = kt::silu(w_up(x));
  const kt::Tensor up = w_up(x);
  return w_down(gate * up);
}

kt::Tensor DecoderBlock::forward(const kt::Tensor& x) const {
  const kt::Tensor h = x + attention(rms_norm(x, attn_norm_weight));
  return h + mlp(rms_norm(h, mlp_norm_weight));
}
