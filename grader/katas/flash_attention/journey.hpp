// The flash_attention kata's first diverging step and attention map.
//
// Note [flash_attention journey]
// A blocked computation never builds the whole computation's tensors (the (T x T) scores, the
// weights), so its steps are those of the first two key blocks at the case's block size:
//   s₀ the block's scores (masked where causal, with the lowest Float64: Note in journey.cpp),
//   m₀ = rowmax s₀, p₀ = exp(s₀ - m₀), l₀ = rowsum p₀, acc₀ = p₀ v₀; then s₁,
//   m₁ = max(m₀, rowmax s₁), α = exp(m₀ - m₁), l₁ = α l₀ + rowsum exp(s₁ - m₁),
//   acc₁ = α acc₀ + exp(s₁ - m₁) v₁;
// and last the output, acc / l with every key block summed. Two tilings are legitimate and share no
// tensor before the output: every query against each key block (with is_causal, key block 1 against
// the queries from its first key on: the earlier ones see none of it), and blocks of queries too
// (FlashAttention-2, the worked solution: with is_causal the first query block never meets key
// block 1, so the steps are the second query block's). Both step lists are aligned with the
// learner's ops (Note [aligning on values] in grader/lib/journey.hpp), and the journey is told
// along the one the code follows further (on a tie, the one with more steps reached; then blocks
// of queries when some op has their scores' shape, else every query). With one block of keys
// (T <= block_size) both are the same: the block's steps, then the output. A step whose values
// are all 0 or 1 (l₀ and α as ones, p₀ one-hot when one score dominates) is left out: any op of
// those values (a rescale factor of 1, a mask) would reach it, and it would pass for done.
//
// The attention map: no op of a correct blocked computation holds the weights, so the map is the
// learner's output on a fixed revealing case, v the identity (T x T), where the output is the
// weights (Note [flash_attention map] in journey.cpp).
#pragma once

#include <string>
#include <vector>

#include "grader/katas/flash_attention/cases.hpp"
#include "grader/lib/attention_map.hpp"
#include "grader/lib/journey.hpp"

namespace grader::kata_flash_attention {

/// "the case T = 7, d = 3, d_v = 2, block_size = 3, causal" (follows "On ").
std::string case_text(const Case& c);

/// The steps of every query against the first two key blocks, then the output (Note
/// [flash_attention journey]).
std::vector<Step> steps_every_query(const Case& c);
/// The steps of the second block of queries (the first when there is one) against the first two
/// key blocks, then the output.
std::vector<Step> steps_query_block(const Case& c);

/// The journey of a traced call on c that returned `returned` (or threw: `events` then ends with
/// the op that threw), along the tiling it follows further; empty when nothing diverges.
/// `inputs`: the call's named inputs (LearnerTrace); else q, k and v as the case has them.
Journey journey_of_trace(const Case& c, const std::vector<kt::TraceEvent>& events,
                         const kt::Tensor& returned, bool threw = false,
                         const std::vector<NamedInput>& inputs = {});

/// The learner's call on c, traced, and its journey ("On CASE_TEXT:\n..."), up to the throw when
/// a kt op threw; empty when it returned another shape, or nothing diverges.
Journey journey(const Case& c);

/// The revealing case of the map: q and k random (T = 5, d = 3), v the 5 x 5 identity,
/// block_size 2, is_causal as given, Float64.
Case map_case(bool causal);

/// The learner's output on map_case(failing.causal) beside the reference (both its attention
/// weights there); empty when the call threw, returned another shape, or is right there.
AttentionMap attention_map(const Case& failing);

}  // namespace grader::kata_flash_attention
