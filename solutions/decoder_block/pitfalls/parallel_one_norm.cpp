// expect-pitfalls: mlp_reads_block_input
// PaLM's parallel block with one shared norm: out = x + attention(xn) + mlp(xn).
#include "decoder_block.hpp"

kt::Tensor DecoderBlock::mlp(const kt::Tensor& x) const {
  return w_down(kt::silu(w_gate(x)) * w_up(x));
}

kt::Tensor DecoderBlock::forward(const kt::Tensor& x) const {
  const kt::Tensor xn = rms_norm(x, attn_norm_weight);
  return x + attention(xn) + mlp(xn);
}
