// GIVEN — do not edit. The grader calls kata::speculative_step, which you write in
// speculative_decoding.cpp.
#pragma once

#include <cstdint>
#include <vector>

#include "kt/generator.hpp"
#include "kt/tensor.hpp"

namespace kata {

/// One step of speculative decoding's verification, the draws fixed exactly so that they can be
/// replayed. draft_probs (K, V) holds the draft model's distributions q_0..q_{K-1}, draft_tokens
/// the K tokens it proposed (draft_tokens[i] drawn from q_i), target_probs (K + 1, V) the target
/// model's p_0..p_K; all Float64, not modified. For i = 0, 1, ...:
///  - draw u = gen.uniform(); with x = draft_tokens[i], accept x (append it) when
///    u < p_i[x] / q_i[x];
///  - at the first rejection, append one token drawn from max(0, p_i - q_i) divided by its sum,
///    and stop;
///  - if all K are accepted, append one token drawn from p_K (the bonus token).
/// Each of those final draws takes one more u = gen.uniform() and returns the first index at which
/// the running sum of the probabilities exceeds u (index V - 1 if none does).
/// Returns the appended tokens: between 1 and K + 1 of them. Throws kt::ValueError when K = 0, a
/// tensor is not 2-D, the shapes are not (K, V) and (K + 1, V), or draft_tokens.size() != K.
std::vector<int64_t> speculative_step(const kt::Tensor& draft_probs,
                                      const std::vector<int64_t>& draft_tokens,
                                      const kt::Tensor& target_probs, kt::Generator& gen);

}  // namespace kata
