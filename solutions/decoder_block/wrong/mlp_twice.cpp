// expect: fail
// Wrong: the MLP's output added twice (no catalogue entry: the report shows the first step the
// code never produces).
#include "decoder_block.hpp"

kt::Tensor DecoderBlock::mlp(const kt::Tensor& x) const {
  return w_down(kt::silu(w_gate(x)) * w_up(x));
}

kt::Tensor DecoderBlock::forward(const kt::Tensor& x) const {
  const kt::Tensor h = x + attention(rms_norm(x, attn_norm_weight));
  const kt::Tensor m = mlp(rms_norm(h, mlp_norm_weight));
  return h + m + m;
}
