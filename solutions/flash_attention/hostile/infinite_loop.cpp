// expect: error
// Hangs: the block loop never advances (block_size added nowhere). Each check must time out and
// say so.
#include "flash_attention.hpp"

namespace kata {

kt::Tensor flash_attention(const kt::Tensor& q, const kt::Tensor& k, const kt::Tensor& v,
                           bool is_causal, int64_t block_size) {
  (void)k, (void)v, (void)is_causal;
  volatile int64_t step = 0;
  for (int64_t k0 = 0; k0 < q.size(-2); k0 += step) (void)block_size;
  return q;
}

}  // namespace kata
