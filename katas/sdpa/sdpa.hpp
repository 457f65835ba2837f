// GIVEN — do not edit. The grader calls kata::scaled_dot_product_attention, which you write in
// sdpa.cpp.
#pragma once

#include <optional>

#include "kt/tensor.hpp"

namespace kata {

/// Scaled dot-product attention: softmax(q kᵀ / √d_k + mask) v, one softmax per query row over
/// the keys that query may attend to.
/// q (…, T_q, d_k), k (…, T_k, d_k), v (…, T_k, d_v), Float64; the leading axes (…) broadcast.
/// attn_mask: Bool, true = may attend, broadcastable to (…, T_q, T_k).
/// is_causal: query i sits at position T_k − T_q + i and may attend keys j ≤ that position
/// (aligned bottom-right). With both, a key must pass both.
/// Returns (…, T_q, d_v). A query with no key to attend to gives finite values.
kt::Tensor scaled_dot_product_attention(const kt::Tensor& q, const kt::Tensor& k,
                                        const kt::Tensor& v,
                                        const std::optional<kt::Tensor>& attn_mask = std::nullopt,
                                        bool is_causal = false);

}  // namespace kata
