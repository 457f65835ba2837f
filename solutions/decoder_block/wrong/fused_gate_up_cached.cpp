// expect: fail
// expect-diagnosis: depends_on_earlier_calls
// Wrong: mlp fuses w_gate and w_up into one weight cached in a function-local static on the first
// call, so every later block (other weights, same sizes) reuses the first block's stale weights.
#include "decoder_block.hpp"

kt::Tensor DecoderBlock::mlp(const kt::Tensor& x) const {
  // One matmul for both branches (as vLLM's gate_up_proj); the fused weight is built once and
  // rebuilt only when the sizes change.
  static kt::Tensor gate_up;  // (2 * d_ff, d_model): w_gate's rows, then w_up's
  if (!gate_up.defined() || gate_up.size(0) != 2 * d_ff || gate_up.size(1) != d_model) {
    gate_up = kt::cat({w_gate.weight, w_up.weight}, 0);
  }
  const kt::Tensor both = kt::matmul(x, gate_up.transpose(0, 1));  // (..., 2 * d_ff)
  const int64_t last = both.dim() - 1;
  const kt::Tensor gate = both.narrow(last, 0, d_ff);
  const kt::Tensor up = both.narrow(last, d_ff, d_ff);
  return w_down(kt::silu(gate) * up);
}

kt::Tensor DecoderBlock::forward(const kt::Tensor& x) const {
  const kt::Tensor h = x + attention(rms_norm(x, attn_norm_weight));
  return h + mlp(rms_norm(h, mlp_norm_weight));
}
