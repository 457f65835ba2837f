// expect: fail
// expect-diagnosis: norm_weights_applied_twice
// Wrong: rms_norm(x, w) * w: the given rms_norm already scales by its weight.
#include "decoder_block.hpp"

kt::Tensor DecoderBlock::mlp(const kt::Tensor& x) const {
  return w_down(kt::silu(w_gate(x)) * w_up(x));
}

kt::Tensor DecoderBlock::forward(const kt::Tensor& x) const {
  const kt::Tensor h = x + attention(rms_norm(x, attn_norm_weight) * attn_norm_weight);
  return h + mlp(rms_norm(h, mlp_norm_weight) * mlp_norm_weight);
}