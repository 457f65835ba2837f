// expect: fail
// Returns zeros for every gradient: right shapes, wrong values; nothing named.
#include "attention_backward.hpp"

namespace kata {

AttentionGrads attention_backward(const kt::Tensor& q, const kt::Tensor& k, const kt::Tensor& v,
                                  const kt::Tensor& dout, bool is_causal) {
  (void)is_causal;
  return {kt::zeros_like(q), kt::zeros_like(k), kt::zeros_like(v)};
}

}  // namespace kata
