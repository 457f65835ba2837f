// The scaled dot-product attention the grader trusts. Written without kt's view machinery: the
// leading axes are broadcast by index arithmetic over contiguous Float64 values, and each
// (T_q x T_k) block is computed with Eigen, so the runtime and the reference check each other.
// Agrees with PyTorch's explicit-op attention (tests/sdpa_reference_test.cpp,
// tools/golden/gen_sdpa_cases.py).
//
// It computes the correct result only; what the known mistakes compute is the grader's business
// (grader/katas/sdpa/mistakes.hpp).
#pragma once

#include "../common/masked_rows.hpp"  // relative: a learner-side include path must find it too
#include "kt/tensor.hpp"

namespace ref {

/// softmax(q kᵀ / √d_k, over the keys a query may attend to) v.
/// q (…, T_q, d_k), k (…, T_k, d_k), v (…, T_k, d_v), any floating dtype (computed in Float64);
/// their leading axes broadcast to the output's. mask: undefined, or Bool with true = may attend,
/// broadcastable to (…, T_q, T_k) without growing it. is_causal: query i sits at position
/// T_k − T_q + i and may attend keys j ≤ that position (bottom-right). A query with no key to
/// attend to gets what `masked_rows` says. Returns (…, T_q, d_v) Float64.
kt::Tensor sdpa(const kt::Tensor& q, const kt::Tensor& k, const kt::Tensor& v,
                const kt::Tensor& mask = kt::Tensor(), bool is_causal = false,
                MaskedRows masked_rows = MaskedRows::Uniform);

/// The shape sdpa returns for these inputs: the broadcast leading axes, then (T_q, d_v). Throws
/// kt::ShapeError when they do not fit together.
kt::Shape sdpa_shape(const kt::Tensor& q, const kt::Tensor& k, const kt::Tensor& v,
                     const kt::Tensor& mask = kt::Tensor());

/// (…, T_q) Bool: true where a query has no key it may attend to.
kt::Tensor sdpa_empty_rows(const kt::Tensor& q, const kt::Tensor& k, const kt::Tensor& v,
                           const kt::Tensor& mask, bool is_causal);

}  // namespace ref
