// expect: error
// Crashes: writes through a null pointer. Every check must report the crash.
#include "mha_train.hpp"

kt::Tensor MultiHeadAttention::forward(const kt::Tensor& x, kt::Generator& gen, bool causal) const {
  (void)gen;
  (void)causal;
  volatile double* p = nullptr;
  *p = 1.0;
  return x;
}
