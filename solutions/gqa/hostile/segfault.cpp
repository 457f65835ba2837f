// expect: error
// Crashes: dereferences a null pointer. Every check must report the crash, not stop the grader.
#include "gqa.hpp"

kt::Tensor GroupedQueryAttention::forward(const kt::Tensor& x, bool) const {
  volatile double* p = nullptr;
  *p = 1.0;
  return x;
}
kt::Tensor GroupedQueryAttention::forward(const kt::Tensor& x, const kt::Tensor&) const {
  return forward(x, false);
}
