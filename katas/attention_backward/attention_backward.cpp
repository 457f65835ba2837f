// Your kata: the backward pass of attention. Read README.md, then replace the TODO.
// Grade with:  ./grade attention_backward        Stuck?  ./grade hint attention_backward
#include "attention_backward.hpp"

namespace kata {

AttentionGrads attention_backward(const kt::Tensor& q, const kt::Tensor& k, const kt::Tensor& v,
                                  const kt::Tensor& dout, bool is_causal) {
  // TODO: recompute the forward's weights, then dv, the weights' gradient, the scores' gradient
  // through the softmax, and dq and dk from it.
  (void)q;
  (void)k;
  (void)v;
  (void)dout;
  (void)is_causal;
  throw kt::NotImplemented(
      "kata::attention_backward is not implemented yet: write it in "
      "katas/attention_backward/attention_backward.cpp");
}

}  // namespace kata
