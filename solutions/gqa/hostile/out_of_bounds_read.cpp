// expect: error
// Reads far past the end of x's storage through a raw pointer: a crash (or, under the
// sanitizers, a heap-buffer-overflow report) on every check, never a pass.
#include "gqa.hpp"

kt::Tensor GroupedQueryAttention::forward(const kt::Tensor& x, bool) const {
  const double* p = x.data<double>();
  volatile double sum = 0;
  for (int64_t i = 0; i < (int64_t(1) << 40); i += 4096) sum = sum + p[i];
  return x;
}
kt::Tensor GroupedQueryAttention::forward(const kt::Tensor& x, const kt::Tensor&) const {
  return forward(x, false);
}
