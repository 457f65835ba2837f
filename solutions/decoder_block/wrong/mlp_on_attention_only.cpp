// expect: fail
// Wrong: the MLP reads the norm of attention's output alone, rms_norm(attention(xn)), not of
// h = x + attention(xn).
#include "decoder_block.hpp"

kt::Tensor DecoderBlock::mlp(const kt::Tensor& x) const {
  return w_down(kt::silu(w_gate(x)) * w_up(x));
}

kt::Tensor DecoderBlock::forward(const kt::Tensor& x) const {
  const kt::Tensor a = attention(rms_norm(x, attn_norm_weight));
  return x + a + mlp(rms_norm(a, mlp_norm_weight));
}