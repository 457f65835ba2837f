// The @NAME@ kata's mistake catalogue (Note [mistake catalogue] in grader/lib/diagnosis.hpp): each
// plausible single mistake of the task as what it computes, the fixed cases that tell them apart,
// and the steps of the correct computation (the journey, grader/lib/journey.hpp). The kit
// (grader::Diagnosis) does the rest. TODO(new-kata): the kata's own mistakes and steps.
#pragma once

#include "grader/katas/@NAME@/cases.hpp"

namespace grader::kata_@NAME@ {

using Entry = CatalogueItem<Case>;  // computes Float64

/// Every entry, the kata's pitfalls among them under their ids.
std::vector<Entry> catalogue();

/// Fixed cases on which every entry differs from every other and from the reference.
std::vector<Case> discriminating_cases();

/// The named steps of the correct computation on a case, with their values.
std::vector<Step> expected_steps(const Case& c);

/// Makes the failure, once shrunk, carry the catalogue entry the learner's output equals, else
/// the first step the learner's ops never compute.
void diagnose_after_shrinking(Failure& f, const Case& failing);

}  // namespace grader::kata_@NAME@
