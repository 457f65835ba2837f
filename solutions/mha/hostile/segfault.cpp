// expect: error
// Crashes: dereferences a null pointer. Every check must report the crash, not stop the grader.
#include "mha.hpp"

kt::Tensor MultiHeadAttention::forward(const kt::Tensor& x, bool) const {
  volatile double* p = nullptr;
  *p = 1.0;
  return x;
}
kt::Tensor MultiHeadAttention::forward(const kt::Tensor& x, const kt::Tensor&) const {
  return forward(x, false);
}
