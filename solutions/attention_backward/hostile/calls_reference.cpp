// expect: error
// Cheats: calls the grader's reference implementation. The build must refuse it by name.
#include "../../../reference/attention_backward/attention_backward.hpp"

#include "attention_backward.hpp"

namespace kata {

AttentionGrads attention_backward(const kt::Tensor& q, const kt::Tensor& k, const kt::Tensor& v,
                                  const kt::Tensor& dout, bool is_causal) {
  const ref::AttentionGrads g = ref::attention_backward(q, k, v, dout, is_causal);
  return {g.dq, g.dk, g.dv};
}

}  // namespace kata
