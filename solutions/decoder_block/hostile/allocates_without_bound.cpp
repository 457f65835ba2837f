// expect: error
// Allocates without bound: the memory limit stops it; running out of memory is reported as an
// error on every check (not a wrong answer, the argument checks' included), in normal and
// sanitizer builds alike.
#include <vector>

#include "decoder_block.hpp"

kt::Tensor DecoderBlock::mlp(const kt::Tensor& x) const {
  std::vector<kt::Tensor> hoard;
  while (true) hoard.push_back(kt::zeros({1 << 20}));
  return x;
}

kt::Tensor DecoderBlock::forward(const kt::Tensor& x) const { return mlp(x); }
