// The multi-head attention the grader trusts: grouped-query attention (reference/gqa/, written
// without kt's view machinery) with one key/value head per query head. Agrees with
// torch.nn.MultiheadAttention (tests/mha_reference_test.cpp).
//
// It computes the correct result only; what the known mistakes compute is the grader's business
// (grader/katas/mha_family/mistakes.hpp), so nothing here can be bent by a new pitfall.
#pragma once

#include <cstdint>

#include "../common/masked_rows.hpp"  // relative: a learner-side include path must find it too
#include "kt/tensor.hpp"

namespace ref {

/// The four projections; a bias is an undefined tensor when the layer has none.
struct MhaWeights {
  kt::Tensor wq, wk, wv, wo;  // (d_model, d_model), y = x Wᵀ + b; in GQA wk and wv have
                              // num_kv_heads * d_head rows (reference/gqa/gqa.hpp)
  kt::Tensor bq, bk, bv, bo;  // (rows of their weight) or undefined
};

/// Multi-head attention (ref::gqa_forward with num_kv_heads = num_heads).
/// x: (B, T, d_model), any floating dtype (computed in Float64). mask: undefined, or Bool with
/// true = may attend, broadcastable to (B, num_heads, T, T). A query row with no key to attend to
/// gets what `masked_rows` says. Returns (B, T, d_model) Float64.
kt::Tensor mha_forward(const kt::Tensor& x, const MhaWeights& w, int64_t num_heads, bool causal,
                       const kt::Tensor& mask = kt::Tensor(),
                       MaskedRows masked_rows = MaskedRows::Uniform);

/// (B, T) Bool: true where query t of batch b has, in some head, no key it may attend to.
kt::Tensor fully_masked_queries(int64_t B, int64_t T, int64_t num_heads, bool causal,
                                const kt::Tensor& mask);

}  // namespace ref
