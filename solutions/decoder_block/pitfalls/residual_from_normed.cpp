// expect-pitfalls: residual_from_normed
// The residual added to the normed x around attention.
#include "decoder_block.hpp"

kt::Tensor DecoderBlock::mlp(const kt::Tensor& x) const {
  return w_down(kt::silu(w_gate(x)) * w_up(x));
}

kt::Tensor DecoderBlock::forward(const kt::Tensor& x) const {
  const kt::Tensor xn = rms_norm(x, attn_norm_weight);
  const kt::Tensor h = xn + attention(xn);
  return h + mlp(rms_norm(h, mlp_norm_weight));
}
