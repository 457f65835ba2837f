// The gradients of attention the grader trusts, written with plain loops over row-major Float64
// values (no kt view, no Eigen): per batch entry, the weights P row by row (maximum, exponentials,
// sum), then dv = Pᵀ dout, dP = dout vᵀ, dS = P ∘ (dP − rowsum(P ∘ dP)), dq = dS k / √d,
// dk = dSᵀ q / √d. Agrees with PyTorch's autograd (tests/attention_backward_reference_test.cpp,
// tools/golden/gen_attention_backward_cases.py).
//
// It computes the correct result only; what the known mistakes compute is the grader's business
// (grader/katas/attention_backward/mistakes.hpp).
#pragma once

#include "kt/tensor.hpp"

namespace ref {

struct AttentionGrads {
  kt::Tensor dq, dk, dv;  // Float64, the shapes of q, k, v
};

/// The gradients of L with respect to q, k, v for out = softmax(q kᵀ / √d + causal mask) v and
/// dL/dout = dout. q, k, v, dout (…, T, d) with the same leading axes, any floating dtype
/// (computed in Float64). Throws kt::ShapeError when the shapes differ.
AttentionGrads attention_backward(const kt::Tensor& q, const kt::Tensor& k, const kt::Tensor& v,
                                  const kt::Tensor& dout, bool is_causal);

}  // namespace ref
