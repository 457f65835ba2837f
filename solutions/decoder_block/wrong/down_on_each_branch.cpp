// expect: fail
// Wrong: w_down applied to each branch, w_down(silu(w_gate(x))) * w_down(w_up(x)), then the
// product: w_down takes the product of the two branches (no catalogue entry: the journey).
#include "decoder_block.hpp"

kt::Tensor DecoderBlock::mlp(const kt::Tensor& x) const {
  return w_down(kt::silu(w_gate(x))) * w_down(w_up(x));
}
kt::Tensor DecoderBlock::forward(const kt::Tensor& x) const {
  const kt::Tensor h = x + attention(rms_norm(x, attn_norm_weight));
  return h + mlp(rms_norm(h, mlp_norm_weight));
}
