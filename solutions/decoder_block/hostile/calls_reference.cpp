// expect: error
// Cheats: calls the grader's reference implementation. The build must refuse it by name.
#include "../../../reference/decoder_block/decoder_block.hpp"  // found by a relative path
#include "decoder_block.hpp"

namespace {

ref::DecoderWeights weights_of(const DecoderBlock& b) {
  return {b.num_heads,     b.q_proj.weight, b.k_proj.weight, b.v_proj.weight,    b.o_proj.weight,
          b.w_gate.weight, b.w_up.weight,   b.w_down.weight, b.attn_norm_weight, b.mlp_norm_weight};
}

}  // namespace

kt::Tensor DecoderBlock::mlp(const kt::Tensor& x) const {
  return ref::swiglu(x, weights_of(*this));
}

kt::Tensor DecoderBlock::forward(const kt::Tensor& x) const {
  return ref::decoder_block(x, weights_of(*this));
}
