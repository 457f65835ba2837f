// GIVEN — do not edit. The grader calls kata::attention_backward, which you write in
// attention_backward.cpp.
#pragma once

#include "kt/tensor.hpp"

namespace kata {

/// The gradients of a loss L with respect to attention's inputs.
struct AttentionGrads {
  kt::Tensor dq, dk, dv;  // each of the shape of its input: dL/dq, dL/dk, dL/dv
};

/// The backward pass of out = softmax(q kᵀ / √d + causal mask) v: given dout = dL/dout, returns
/// dL/dq, dL/dk and dL/dv, worked out by hand (kt has no autograd).
/// q, k, v and dout (…, T, d) with the same leading axes (…), Float64. is_causal: query i attends
/// keys j <= i (the mask adds -inf above the diagonal).
AttentionGrads attention_backward(const kt::Tensor& q, const kt::Tensor& k, const kt::Tensor& v,
                                  const kt::Tensor& dout, bool is_causal);

}  // namespace kata
