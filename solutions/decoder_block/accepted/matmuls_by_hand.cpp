// expect: pass
// The MLP with the Linears' weights used directly (x @ weight^T), silu as z / (1 + exp(-z)).
#include "decoder_block.hpp"

kt::Tensor DecoderBlock::mlp(const kt::Tensor& x) const {
  const kt::Tensor gate = kt::matmul(x, w_gate.weight.transpose(0, 1));
  const kt::Tensor up = kt::matmul(x, w_up.weight.transpose(0, 1));
  const kt::Tensor act = gate / (1.0 + kt::exp(-gate));
  return kt::matmul(act * up, w_down.weight.transpose(0, 1));
}

kt::Tensor DecoderBlock::forward(const kt::Tensor& x) const {
  const kt::Tensor h = x + attention(rms_norm(x, attn_norm_weight));
  return h + mlp(rms_norm(h, mlp_norm_weight));
}
