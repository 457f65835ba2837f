// Your kata: a pre-norm decoder block (LLaMA's). Read README.md, then replace the two TODOs.
// Grade with:  ./grade decoder_block        Stuck?  ./grade hint decoder_block
#include "decoder_block.hpp"

kt::Tensor DecoderBlock::mlp(const kt::Tensor& x) const {
  // TODO: the SwiGLU feed-forward: w_down(silu(w_gate(x)) * w_up(x)).
  (void)x;
  throw kt::NotImplemented(
      "DecoderBlock::mlp(x) is not implemented yet: write it in "
      "katas/decoder_block/decoder_block.cpp");
}

kt::Tensor DecoderBlock::forward(const kt::Tensor& x) const {
  // TODO: the two pre-norm residual sublayers: attention, then the MLP.
  (void)x;
  throw kt::NotImplemented(
      "DecoderBlock::forward(x) is not implemented yet: write it in "
      "katas/decoder_block/decoder_block.cpp");
}
