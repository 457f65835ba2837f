// expect: error
// Does not compile: a typo. The report must show the compiler's first error, file:line first.
#include "flash_attention.hpp"

namespace kata {

kt::Tensor flash_attention(const kt::Tensor& q, const kt::Tensor& k, const kt::Tensor& v,
                           bool is_causal, int64_t block_size) {
  (void)k, (void)v, (void)is_causal, (void)block_size;
  return q.slcie(-2, 0, 1);
}

}  // namespace kata
