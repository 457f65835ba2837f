// expect: fail
// Throws a plain std::runtime_error: reported with its message on every check.
#include <stdexcept>

#include "decoder_block.hpp"

kt::Tensor DecoderBlock::mlp(const kt::Tensor&) const {
  throw std::runtime_error("mlp: not today");
}

kt::Tensor DecoderBlock::forward(const kt::Tensor&) const {
  throw std::runtime_error("forward: not today");
}
