// The cross_entropy kata's mistake catalogue (Note [mistake catalogue] in
// grader/lib/diagnosis.hpp): each plausible single mistake of the loss (the log-probabilities,
// their axis, the rows ignored, the smoothing, the reduction) as what it computes, the fixed cases
// that tell them apart, and the steps of the correct computation (the journey). The kit
// (grader::Diagnosis) does the rest.
#pragma once

#include <functional>
#include <vector>

#include "grader/katas/cross_entropy/cases.hpp"
#include "grader/lib/diagnosis.hpp"

namespace grader::kata_cross_entropy {

using Entry = CatalogueItem<Case>;  // computes a 0-d Float64 loss

/// Every entry, the kata's pitfalls among them under their ids.
std::vector<Entry> catalogue();

/// Fixed Float64 cases on which every entry differs from every other and from the reference (a
/// test asserts it): moderate rows with smoothing, rows ignored by a class index, a target 1000
/// below its row, rows shifted by 1000.
std::vector<Case> discriminating_cases();

/// The named steps of the correct computation on a case, with their values.
std::vector<Step> expected_steps(const Case& c);

/// Makes the failure, once shrunk, carry the catalogue entry the learner's loss equals, else the
/// first step the learner's ops never compute.
void diagnose_after_shrinking(Failure& f, const Case& failing);

}  // namespace grader::kata_cross_entropy
