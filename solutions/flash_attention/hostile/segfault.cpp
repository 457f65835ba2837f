// expect: error
// Crashes: writes through a null pointer. Every check must report the crash, not stop the grader.
#include "flash_attention.hpp"

namespace kata {

kt::Tensor flash_attention(const kt::Tensor& q, const kt::Tensor& k, const kt::Tensor& v,
                           bool is_causal, int64_t block_size) {
  (void)k, (void)v, (void)is_causal, (void)block_size;
  volatile int* p = nullptr;
  *p = 42;
  return q;
}

}  // namespace kata
