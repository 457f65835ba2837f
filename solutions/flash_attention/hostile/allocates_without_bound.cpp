// expect: error
// Allocates without bound: the memory limit stops it; running out of memory is reported as an
// error on every check (not a wrong answer), in normal and sanitizer builds alike.
#include <vector>

#include "flash_attention.hpp"

namespace kata {

kt::Tensor flash_attention(const kt::Tensor& q, const kt::Tensor& k, const kt::Tensor& v,
                           bool is_causal, int64_t block_size) {
  (void)k, (void)v, (void)is_causal, (void)block_size;
  std::vector<kt::Tensor> hoard;
  for (;;) hoard.push_back(kt::ones({1 << 24}));  // 128 MiB each, kept
  return q;
}

}  // namespace kata
