// expect: fail
// Wrong: the MLP's residual adds the block's input x instead of h, so the attention's output is
// only seen through the MLP.
#include "decoder_block.hpp"

kt::Tensor DecoderBlock::mlp(const kt::Tensor& x) const {
  return w_down(kt::silu(w_gate(x)) * w_up(x));
}

kt::Tensor DecoderBlock::forward(const kt::Tensor& x) const {
  const kt::Tensor h = x + attention(rms_norm(x, attn_norm_weight));
  return x + mlp(rms_norm(h, mlp_norm_weight));
}
