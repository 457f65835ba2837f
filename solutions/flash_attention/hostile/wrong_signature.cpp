// expect: error
// Defines the function with block_size as an int (the declared one is int64_t): it compiles, but
// the grader's call finds no definition of the declared one, so linking fails with a message.
#include "flash_attention.hpp"

namespace kata {

kt::Tensor flash_attention(const kt::Tensor& q, const kt::Tensor& k, const kt::Tensor& v,
                           bool is_causal, int block_size) {
  (void)k, (void)v, (void)is_causal, (void)block_size;
  return q;
}

}  // namespace kata
