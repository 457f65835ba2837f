// expect: error
// Cheats: calls the grader's reference implementation. The build must refuse it by name.
#include "../../../reference/flash_attention/flash_attention.hpp"  // a relative path, as a cheater
#include "flash_attention.hpp"

namespace kata {

kt::Tensor flash_attention(const kt::Tensor& q, const kt::Tensor& k, const kt::Tensor& v,
                           bool is_causal, int64_t block_size) {
  (void)block_size;
  return ref::flash_attention(q, k, v, is_causal).to(q.dtype());
}

}  // namespace kata
