// The first diverging step (grader/lib/journey.hpp) and the attention map
// (grader/lib/attention_map.hpp) for the sdpa kata: the named steps of scaled dot-product
// attention on a case, and the learner's call traced beside them.
#pragma once

#include <string>
#include <vector>

#include "grader/katas/sdpa/cases.hpp"
#include "grader/lib/journey.hpp"

namespace grader::kata_sdpa {

/// The steps of the correct computation on the case (float64): the scores, scaled, masked (when
/// the case masks), the weights, the output.
std::vector<Step> expected_steps(const Case& c);

/// The learner's call on the case under an op trace that keeps values, set beside expected_steps
/// (journey_text); empty when the call throws or reaches every step.
Journey journey(const Case& c);

/// The learner's attention weights on the (smallest failing) case beside the correct ones, for
/// the slice of the leading axes where they differ most; empty when the call throws or no op of it
/// holds its weights.
AttentionMap attention_map(const Case& c);

}  // namespace grader::kata_sdpa
