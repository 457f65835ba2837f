// expect: fail
// Wrong, no named pitfall (written blind, round 52): each MLP projection as matmul(W,
// x.unsqueeze(-1)).squeeze(): the bare squeeze drops every axis of size 1.
#include "decoder_block.hpp"

namespace {

// y = W x, one column vector per position: (out, in) @ (..., in, 1) -> (..., out).
kt::Tensor apply(const kt::nn::Linear& layer, const kt::Tensor& x) {
  return kt::matmul(layer.weight, x.unsqueeze(-1)).squeeze();
}

}  // namespace

kt::Tensor DecoderBlock::mlp(const kt::Tensor& x) const {
  const kt::Tensor gate = kt::silu(apply(w_gate, x));
  const kt::Tensor up = apply(w_up, x);
  return apply(w_down, gate * up);
}

kt::Tensor DecoderBlock::forward(const kt::Tensor& x) const {
  const kt::Tensor h = x + attention(rms_norm(x, attn_norm_weight));
  return h + mlp(rms_norm(h, mlp_norm_weight));
}
