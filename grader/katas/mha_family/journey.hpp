// The first diverging step (grader/lib/journey.hpp) and the attention map
// (grader/lib/attention_map.hpp) for the MHA family: the named steps of multi-head attention on a
// case, and the learner's forward traced beside them.
#pragma once

#include <string>
#include <vector>

#include "grader/katas/mha_family/cases.hpp"
#include "grader/lib/journey.hpp"

namespace grader::mha {

/// The steps of the correct forward on the case (float64): the projections, the heads (and the
/// repeated kv heads of a grouped case), the scores, scaled and masked, the weights, the
/// attended values, the merged heads, the output. A step equal to the one before it (no mask) is
/// left out.
std::vector<Step> expected_steps(const Case& c);

/// The learner's forward on the case under an op trace that keeps values, set beside
/// expected_steps (journey_text); empty when the forward throws or reaches every step.
Journey journey(const Case& c);

/// The learner's attention weights on the (smallest failing) case beside the correct ones
/// (attention_map.hpp), for the batch entry and head where they differ most; empty when the forward
/// throws or no op of it holds its weights.
AttentionMap attention_map(const Case& c);

}  // namespace grader::mha
