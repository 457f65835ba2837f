// expect: fail
// Wrong for inputs other than (B, T, d_model): mlp views x as (B * T, d) with x.size(0) and
// x.size(1), so a 1-D or 2-D x throws.
#include "decoder_block.hpp"

kt::Tensor DecoderBlock::mlp(const kt::Tensor& x) const {
  const kt::Tensor rows = x.reshape({x.size(0) * x.size(1), d_model});
  return w_down(kt::silu(w_gate(rows)) * w_up(rows)).reshape(x.sizes());
}

kt::Tensor DecoderBlock::forward(const kt::Tensor& x) const {
  const kt::Tensor h = x + attention(rms_norm(x, attn_norm_weight));
  return h + mlp(rms_norm(h, mlp_norm_weight));
}
