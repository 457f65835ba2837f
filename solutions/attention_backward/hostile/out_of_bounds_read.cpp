// expect: error
// Reads far past the end of q's storage through a raw pointer: a crash (or, under the
// sanitizers, a heap-buffer-overflow report) on every check, never a pass.
#include "attention_backward.hpp"

namespace kata {

AttentionGrads attention_backward(const kt::Tensor& q, const kt::Tensor& k, const kt::Tensor& v,
                                  const kt::Tensor& dout, bool is_causal) {
  (void)k, (void)v, (void)is_causal;
  const kt::Tensor c = q.contiguous();
  const double* p = c.data<double>();
  volatile double sink = 0;
  for (int64_t i = 0; i < (int64_t{1} << 40); i += 4096) sink = sink + p[i];
  return {dout.clone(), dout.clone(), dout.clone()};
}

}  // namespace kata
