// expect: error
// Hangs: never returns. Each check must time out and say so.
#include "attention_backward.hpp"

namespace kata {

AttentionGrads attention_backward(const kt::Tensor& q, const kt::Tensor& k, const kt::Tensor& v,
                                  const kt::Tensor& dout, bool is_causal) {
  (void)k, (void)v, (void)dout, (void)is_causal;
  volatile bool forever = true;
  while (forever) {
  }
  return {q, q, q};
}

}  // namespace kata
