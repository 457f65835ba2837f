// expect: error
// Does not compile: a typo. The report must show the compiler's first error, file:line first.
#include "decoder_block.hpp"

kt::Tensor DecoderBlock::mlp(const kt::Tensor& x) const {
    return w_down(kt::silu(w_gate(x)) * w_up(x))}

kt::Tensor DecoderBlock::forward(const kt::Tensor& x) const {
  return x + mlp(x);
}
