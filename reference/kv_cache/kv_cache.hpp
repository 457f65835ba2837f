// The kv_cache kata's reference, which the grader trusts: one causal forward of the whole
// sequence, RoPE (rotate-half, base 10000) on q and k, in plain loops over Float64 values (no kt
// views or ops; ref::rope for the rotation). Incremental decoding must reproduce it whatever the
// split into chunks. Checked against PyTorch (tools/golden/gen_kv_cache_cases.py).
#pragma once

#include <cstdint>

#include "../mha/mha.hpp"  // ref::MhaWeights; relative: a learner-side include path must find it too
#include "kt/tensor.hpp"

namespace ref {

struct CachedSequence {
  kt::Tensor out;  // (B, T, d_model): each token's output
  kt::Tensor k;    // (B, num_heads, T, d_head): every token's key, rotated at its position
  kt::Tensor v;    // (B, num_heads, T, d_head): every token's value
};

/// Causal self-attention of x (B, T, d_model) with RoPE on q and k at positions 0..T-1, scores
/// scaled by 1/sqrt(d_head), the four projections of w (y = x Wᵀ + b). Float64.
CachedSequence cached_attention(const kt::Tensor& x, const MhaWeights& w, int64_t num_heads);

}  // namespace ref
