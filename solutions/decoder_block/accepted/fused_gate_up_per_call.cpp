// expect: pass
// Accepted: mlp stacks w_gate's and w_up's weights into one (2 d_ff, d_model) matrix on every call,
// does one matmul and splits the result with narrow, instead of calling the two Linears.
#include <string>

#include "decoder_block.hpp"

namespace {

// The last-axis check the Linears would make, made explicitly (a last axis of 1 would otherwise
// broadcast through rms_norm's weight).
void check_last_axis(const kt::Tensor& x, int64_t d_model, const char* who) {
  if (x.dim() < 1 || x.size(x.dim() - 1) != d_model) {
    throw kt::ShapeError(std::string("DecoderBlock::") + who + ": x has shape " +
                         kt::shape_str(x.sizes()) +
                         ", its last axis must be d_model = " + std::to_string(d_model));
  }
}

}  // namespace

kt::Tensor DecoderBlock::mlp(const kt::Tensor& x) const {
  check_last_axis(x, d_model, "mlp");
  // Rows 0..d_ff-1 are w_gate's, rows d_ff..2*d_ff-1 are w_up's: x · Wᵀ gives both projections
  // side by side on the last axis. Built from the current weights on every call.
  const kt::Tensor gate_up = kt::cat({w_gate.weight, w_up.weight}, 0);
  const kt::Tensor both = kt::matmul(x, gate_up.transpose(0, 1));  // (..., 2 * d_ff)
  const int64_t last = both.dim() - 1;
  const kt::Tensor gate = both.narrow(last, 0, d_ff);
  const kt::Tensor up = both.narrow(last, d_ff, d_ff);
  return w_down(kt::silu(gate) * up);
}

kt::Tensor DecoderBlock::forward(const kt::Tensor& x) const {
  check_last_axis(x, d_model, "forward");
  const kt::Tensor h = x + attention(rms_norm(x, attn_norm_weight));
  return h + mlp(rms_norm(h, mlp_norm_weight));
}
