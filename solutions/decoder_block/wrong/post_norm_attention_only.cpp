// expect: fail
// Wrong: post-norm around attention only, pre-norm around the MLP. post_norm is both sublayers
// (its statement): half of it is named nothing, and the report shows where it diverges.
#include "decoder_block.hpp"

kt::Tensor DecoderBlock::mlp(const kt::Tensor& x) const {
  return w_down(kt::silu(w_gate(x)) * w_up(x));
}

kt::Tensor DecoderBlock::forward(const kt::Tensor& x) const {
  const kt::Tensor h = rms_norm(x + attention(x), attn_norm_weight);
  return h + mlp(rms_norm(h, mlp_norm_weight));
}
