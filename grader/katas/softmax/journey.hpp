// The first diverging step (grader/lib/journey.hpp) for the softmax kata: the named steps of the
// safe softmax on a case, and the learner's call traced beside them.
#pragma once

#include <string>
#include <vector>

#include "grader/katas/softmax/cases.hpp"
#include "grader/lib/journey.hpp"

namespace grader::kata_softmax {

/// The steps of the safe softmax on the case (float64): the max along dim (keepdim), x minus it,
/// its exp, their sum along dim (keepdim), the quotient.
std::vector<Step> expected_steps(const Case& c);

/// The learner's call on the case under an op trace that keeps values, set beside expected_steps
/// (journey_text); empty when the call throws or reaches every step.
Journey journey(const Case& c);

}  // namespace grader::kata_softmax
