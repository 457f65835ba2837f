// expect: fail
// The MLP's residual added to the attention sublayer's output alone, not to h = x + attention:
// the first residual stream is lost after the MLP.
#include "decoder_block.hpp"

kt::Tensor DecoderBlock::mlp(const kt::Tensor& x) const {
  return w_down(kt::silu(w_gate(x)) * w_up(x));
}

kt::Tensor DecoderBlock::forward(const kt::Tensor& x) const {
  const kt::Tensor a = attention(rms_norm(x, attn_norm_weight));
  const kt::Tensor h = x + a;
  return a + mlp(rms_norm(h, mlp_norm_weight));
}
