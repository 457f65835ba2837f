// expect: fail
// Wrong: the block's output normed once more, rms_norm(h + mlp(hn), mlp_norm_weight): the final
// norm belongs to the model, after the last block, not to each block.
#include "decoder_block.hpp"

kt::Tensor DecoderBlock::mlp(const kt::Tensor& x) const {
  return w_down(kt::silu(w_gate(x)) * w_up(x));
}

kt::Tensor DecoderBlock::forward(const kt::Tensor& x) const {
  const kt::Tensor h = x + attention(rms_norm(x, attn_norm_weight));
  return rms_norm(h + mlp(rms_norm(h, mlp_norm_weight)), mlp_norm_weight);
}