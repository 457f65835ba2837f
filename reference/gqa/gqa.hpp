// The grouped-query attention the grader trusts (multi-head attention is its case num_kv_heads =
// num_heads: reference/mha/ calls it). Written without kt's view machinery: plain index arithmetic
// over Eigen maps of contiguous Float64 data, so the runtime and the reference check each other.
// Agrees with PyTorch's explicit-op GQA (tests/gqa_reference_test.cpp,
// tools/golden/gen_gqa_cases.py) and with torch.nn.MultiheadAttention (reference/mha/tests/).
//
// It computes the correct result only; what the known mistakes compute is the grader's business
// (grader/katas/mha_family/mistakes.hpp).
#pragma once

#include <cstdint>

#include "../common/masked_rows.hpp"  // relative: a learner-side include path must find it too
#include "../mha/mha.hpp"

namespace ref {

/// x: (B, T, d_model), any floating dtype (computed in Float64). w: wq and wo (d_model, d_model),
/// wk and wv (num_kv_heads * d_head, d_model) with d_head = d_model / num_heads, y = x Wᵀ + b.
/// Query head h attends with key/value head h / (num_heads / num_kv_heads). mask: undefined, or
/// Bool with true = may attend, broadcastable to (B, num_heads, T, T). A query row with no key to
/// attend to gets what `masked_rows` says. Returns (B, T, d_model) Float64.
kt::Tensor gqa_forward(const kt::Tensor& x, const MhaWeights& w, int64_t num_heads,
                       int64_t num_kv_heads, bool causal, const kt::Tensor& mask = kt::Tensor(),
                       MaskedRows masked_rows = MaskedRows::Uniform);

}  // namespace ref
