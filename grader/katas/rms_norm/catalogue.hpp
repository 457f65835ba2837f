// The rms_norm kata's mistake catalogue (Note [mistake catalogue] in grader/lib/diagnosis.hpp):
// each plausible single mistake of rms_norm (the statistic, its axis, eps, the weight) as what it
// computes, the fixed cases that tell them apart, and the steps of the correct computation (the
// journey, grader/lib/journey.hpp). The kit (grader::Diagnosis) does the rest.
#pragma once

#include <functional>
#include <vector>

#include "grader/katas/rms_norm/cases.hpp"
#include "grader/lib/diagnosis.hpp"

namespace grader::kata_rms_norm {

using Entry = CatalogueItem<Case>;

/// Every entry, the kata's pitfalls among them under their ids.
std::vector<Entry> catalogue();

/// Fixed Float64 cases on which every entry differs from every other and from the reference (a
/// test asserts it): shifted rows at eps 0.1, a square matrix, rows of small values at eps 1e-5.
std::vector<Case> discriminating_cases();

/// The named steps of the correct computation on a case, with their values.
std::vector<Step> expected_steps(const Case& c);

/// Makes the failure, once shrunk, carry the catalogue entry the learner's output equals, else
/// the first step the learner's ops never compute.
void diagnose_after_shrinking(Failure& f, const Case& failing);

}  // namespace grader::kata_rms_norm
