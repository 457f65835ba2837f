// expect: error
// Reads far past the end of q's storage through a raw pointer: a crash (or, under the
// sanitizers, a heap-buffer-overflow report) on every check, never a pass.
#include "sdpa.hpp"

namespace kata {

kt::Tensor scaled_dot_product_attention(const kt::Tensor& q, const kt::Tensor&, const kt::Tensor&,
                                        const std::optional<kt::Tensor>&, bool) {
  const double* p = q.data<double>();
  volatile double sum = 0;
  for (int64_t i = 0; i < (int64_t(1) << 40); i += 4096) sum = sum + p[i];
  return q;
}

}  // namespace kata
