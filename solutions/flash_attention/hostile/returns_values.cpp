// expect: fail
// Returns v, which has the result's shape: every check that looks at values fails, nothing named.
#include "flash_attention.hpp"

namespace kata {

kt::Tensor flash_attention(const kt::Tensor& q, const kt::Tensor& k, const kt::Tensor& v,
                           bool is_causal, int64_t block_size) {
  (void)q, (void)k, (void)is_causal, (void)block_size;
  return v.clone();
}

}  // namespace kata
