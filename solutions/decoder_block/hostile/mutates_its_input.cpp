// expect: fail
// Right values, but accumulates the residual stream in x itself through a copy of the handle
// (which shares x's storage): the caller's x is changed. inputs_unchanged must fail, and only it.
#include "decoder_block.hpp"

kt::Tensor DecoderBlock::mlp(const kt::Tensor& x) const {
  return w_down(kt::silu(w_gate(x)) * w_up(x));
}

kt::Tensor DecoderBlock::forward(const kt::Tensor& x) const {
  kt::Tensor h = x;
  h.copy_(x + attention(rms_norm(x, attn_norm_weight)));
  return h + mlp(rms_norm(h, mlp_norm_weight));
}
