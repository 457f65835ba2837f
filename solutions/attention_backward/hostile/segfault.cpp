// expect: error
// Crashes: writes through a null pointer. Every check must report the crash, not stop the grader.
#include "attention_backward.hpp"

namespace kata {

AttentionGrads attention_backward(const kt::Tensor& q, const kt::Tensor& k, const kt::Tensor& v,
                                  const kt::Tensor& dout, bool is_causal) {
  (void)k, (void)v, (void)dout, (void)is_causal;
  volatile int* p = nullptr;
  *p = 42;
  return {q, q, q};
}

}  // namespace kata
