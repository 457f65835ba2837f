// expect: fail
// expect-message: #41 add of #39 (step 6) and #40 (step 7)
// Wrong: the SwiGLU's two branches added, silu(w_gate(x)) + w_up(x), where they multiply.
#include "decoder_block.hpp"

kt::Tensor DecoderBlock::mlp(const kt::Tensor& x) const {
  return w_down(kt::silu(w_gate(x)) + w_up(x));
}
kt::Tensor DecoderBlock::forward(const kt::Tensor& x) const {
  const kt::Tensor h = x + attention(rms_norm(x, attn_norm_weight));
  return h + mlp(rms_norm(h, mlp_norm_weight));
}
