// expect: error
// Crashes: writes through a null pointer. Every check must report the crash, not stop the grader.
#include "decoder_block.hpp"

kt::Tensor DecoderBlock::mlp(const kt::Tensor& x) const {
  volatile int* nowhere = nullptr;
  *nowhere = 1;
  return x;
}

kt::Tensor DecoderBlock::forward(const kt::Tensor& x) const { return mlp(x); }
