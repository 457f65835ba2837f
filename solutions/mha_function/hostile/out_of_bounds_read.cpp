// expect: error
// Reads far past the end of x's storage through a raw pointer: a crash (or, under the
// sanitizers, a heap-buffer-overflow report) on every check, never a pass.
#include "mha_function.hpp"

namespace kata {

kt::Tensor mha(const kt::Tensor& x, const kt::Tensor&, const kt::Tensor&, const kt::Tensor&,
               const kt::Tensor&, int64_t, const std::optional<kt::Tensor>&) {
  const double* p = x.data<double>();
  volatile double sum = 0;
  for (int64_t i = 0; i < (int64_t(1) << 40); i += 4096) sum = sum + p[i];
  return x;
}

}  // namespace kata
