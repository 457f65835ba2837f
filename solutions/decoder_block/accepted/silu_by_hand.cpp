// expect: pass
// silu written as z * sigmoid(z), and each sublayer named.
#include "decoder_block.hpp"

kt::Tensor DecoderBlock::mlp(const kt::Tensor& x) const {
  const kt::Tensor gate = w_gate(x);
  return w_down(gate * kt::sigmoid(gate) * w_up(x));
}

kt::Tensor DecoderBlock::forward(const kt::Tensor& x) const {
  const kt::Tensor attended = attention(rms_norm(x, attn_norm_weight));
  const kt::Tensor h = x + attended;
  const kt::Tensor fed = mlp(rms_norm(h, mlp_norm_weight));
  return h + fed;
}
