// The attention the flash_attention kata's grader trusts: flash attention computes attention
// exactly, only in blocks, so its reference is attention itself, written here with plain loops over
// row-major Float64 values (no kt view, no Eigen): for each query, the maximum of its scores, then
// the exponentials' sum, then the weighted values. Agrees with PyTorch's naive attention
// (tests/flash_attention_reference_test.cpp, tools/golden/gen_flash_attention_cases.py).
//
// It computes the correct result only; what the known mistakes compute is the grader's business
// (grader/katas/flash_attention/mistakes.hpp).
#pragma once

#include "kt/tensor.hpp"

namespace ref {

/// softmax(q kᵀ / √d + causal mask) v. q, k (…, T, d), v (…, T, d_v) with the same leading axes,
/// any floating dtype (computed in Float64). is_causal: query i attends keys j <= i.
/// Returns (…, T, d_v) Float64. Throws kt::ShapeError when the shapes do not fit together.
kt::Tensor flash_attention(const kt::Tensor& q, const kt::Tensor& k, const kt::Tensor& v,
                           bool is_causal);

}  // namespace ref
