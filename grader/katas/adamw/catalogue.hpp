// The adamw kata's mistake catalogue (Note [mistake catalogue] in grader/lib/diagnosis.hpp): each
// plausible single mistake of AdamW's step (the decay, the moments, their corrections, eps, the
// state) as what it computes, the fixed cases that tell them apart, and the steps of the correct
// first call (the journey, grader/lib/journey.hpp). The kit (grader::Diagnosis) does the rest.
#pragma once

#include <functional>
#include <vector>

#include "grader/katas/adamw/cases.hpp"
#include "grader/lib/diagnosis.hpp"

namespace grader::kata_adamw {

using Entry = CatalogueItem<Case>;  // computes param after the calls, Float64

/// Every entry, the kata's pitfalls among them under their ids.
std::vector<Entry> catalogue();

/// Fixed Float64 cases on which every entry differs from every other and from the reference (a
/// test asserts it): states resumed at steps 2, 5 and 3 (the last with gradients of 1e-3, where
/// eps counts) and a fresh one.
std::vector<Case> discriminating_cases();

/// The named steps of the correct first call on a case, with their values.
std::vector<Step> expected_steps(const Case& c);

/// The same step as torch.optim.AdamW writes it: sqrt(exp_avg_sq) / sqrt(1 - beta2^step) + eps as
/// the denominator, exp_avg over it, times the step size lr / (1 - beta1^step). The journey
/// follows whichever form the learner's ops go further in (Note [forms of a computation] in
/// grader/lib/journey.hpp).
std::vector<Step> steps_with_step_size(const Case& c);

/// Makes the failure, once shrunk, carry the catalogue entry the learner's parameter equals, else
/// the first step the learner's ops never compute.
void diagnose_after_shrinking(Failure& f, const Case& failing);

}  // namespace grader::kata_adamw
