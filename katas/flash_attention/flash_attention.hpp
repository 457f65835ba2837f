// GIVEN — do not edit. The grader calls kata::flash_attention, which you write in
// flash_attention.cpp.
#pragma once

#include <cstdint>

#include "kt/tensor.hpp"

namespace kata {

/// Attention, softmax(q kᵀ / √d + causal mask) v, computed the way FlashAttention computes it: the
/// keys and values are visited in blocks of block_size rows (the last block may be shorter), and
/// each query keeps a running maximum of its scores, a running sum of exponentials and an output
/// accumulator, rescaled whenever the maximum grows. No (T × T) tensor is ever built.
/// q, k (…, T, d) and v (…, T, d_v) with the same leading axes (…), all Float32 or all Float64.
/// is_causal: query i may attend keys j ≤ i. block_size ≥ 1.
/// Returns (…, T, d_v) in q's dtype.
kt::Tensor flash_attention(const kt::Tensor& q, const kt::Tensor& k, const kt::Tensor& v,
                           bool is_causal, int64_t block_size);

}  // namespace kata
