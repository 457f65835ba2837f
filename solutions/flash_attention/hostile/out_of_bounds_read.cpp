// expect: error
// Reads far past the end of q's storage through a raw pointer: a crash (or, under the
// sanitizers, a heap-buffer-overflow report) on every check, never a pass.
#include "flash_attention.hpp"

namespace kata {

kt::Tensor flash_attention(const kt::Tensor& q, const kt::Tensor& k, const kt::Tensor& v,
                           bool is_causal, int64_t block_size) {
  (void)k, (void)is_causal, (void)block_size;
  const kt::Tensor c = q.to(kt::Float64).contiguous();
  const double* p = c.data<double>();
  volatile double sink = 0;
  for (int64_t i = 0; i < (int64_t{1} << 40); i += 4096) sink = sink + p[i];
  return v.clone();
}

}  // namespace kata
