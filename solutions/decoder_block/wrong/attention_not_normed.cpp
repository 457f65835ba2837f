// expect: fail
// expect-diagnosis: attention_not_normed
// Wrong: attention reads x itself.
#include "decoder_block.hpp"

kt::Tensor DecoderBlock::mlp(const kt::Tensor& x) const {
  return w_down(kt::silu(w_gate(x)) * w_up(x));
}

kt::Tensor DecoderBlock::forward(const kt::Tensor& x) const {
  const kt::Tensor h = x + attention(x);
  return h + mlp(rms_norm(h, mlp_norm_weight));
}
