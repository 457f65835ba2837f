// expect: error
// Does not compile: a typo. The report must show the compiler's first error, file:line first.
#include "attention_backward.hpp"

namespace kata {

AttentionGrads attention_backward(const kt::Tensor& q, const kt::Tensor& k, const kt::Tensor& v,
                                  const kt::Tensor& dout, bool is_causal) {
  (void)k, (void)v, (void)dout, (void)is_causal;
  return {q.clone(), q.clone(), q.clonne()};
}

}  // namespace kata
