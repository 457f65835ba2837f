// GIVEN — do not edit. The grader calls kata::route_top_k, which you write in moe_router.cpp.
#pragma once

#include <cstdint>

#include "kt/tensor.hpp"

namespace kata {

/// Where a mixture-of-experts layer sends each token, and its load-balancing loss.
struct Routing {
  kt::Tensor expert_index;  // (N, k) Int64: each token's k experts, most probable first
  kt::Tensor gate;          // (N, k), router_logits' dtype: their weights, summing to 1 per token
  kt::Tensor aux_loss;      // 0-d, router_logits' dtype: the load-balancing loss
};

/// Top-k routing as in Mixtral, with the Switch Transformer's load-balancing loss.
/// router_logits: (N, E), N tokens by E experts, Float32 or Float64; not modified.
/// probs = softmax of router_logits over the experts; each token's k most probable experts by
/// decreasing probability (ties: the lower expert id first); gate = those k probabilities divided
/// by their sum; f_e = (the number of the N * k assignments made to expert e) / (N * k); P_e = the
/// mean over the tokens of probs[:, e]; aux_loss = E * sum over e of f_e * P_e.
/// Throws kt::ValueError unless router_logits is 2-D and floating point, N >= 1 and 1 <= k <= E.
Routing route_top_k(const kt::Tensor& router_logits, int64_t k);

}  // namespace kata
