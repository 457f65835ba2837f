// expect: fail
// Throws a plain std::runtime_error: reported with its message on every check.
#include <stdexcept>

#include "flash_attention.hpp"

namespace kata {

kt::Tensor flash_attention(const kt::Tensor& q, const kt::Tensor& k, const kt::Tensor& v,
                           bool is_causal, int64_t block_size) {
  (void)q, (void)k, (void)v, (void)is_causal, (void)block_size;
  throw std::runtime_error("block_size must be a power of two");
}

}  // namespace kata
