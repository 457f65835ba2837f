// The sampling kata's mistake catalogue (Note [mistake catalogue] in grader/lib/diagnosis.hpp):
// each plausible single slip of the sampler (where the temperature goes, greedy's ties, top-k's
// ties, what the nucleus is computed from and where it stops, the renormalisation, the order of the
// walk, the filters ignored) as what its calls return, the fixed cases that tell them apart, and
// the kata's journey: the first call whose token differs, the draw explained. The kit
// (grader::Diagnosis) does the rest.
#pragma once

#include <functional>
#include <vector>

#include "grader/katas/sampling/cases.hpp"
#include "grader/lib/diagnosis.hpp"

namespace grader::kata_sampling {

using Entry = CatalogueItem<Case, Walk>;  // computes the sampler's walk

/// Every entry, the kata's pitfalls among them under their ids.
std::vector<Entry> catalogue();

/// Fixed Float64 cases on which every entry differs from every other and from the reference (a
/// test asserts it): a cold case with top-k and top-p, a hot one with top-p alone, a greedy one
/// whose largest logit is tied, one whose top-k cuts through tied scores, and one with no filter.
std::vector<Case> discriminating_cases();

/// What calls that walk `walk` return on the case: their tokens, then the number of draws, as one
/// Float64 tensor (what the catalogue compares).
kt::Tensor outcome(const Case& c, const Walk& walk);
/// The learner's calls on the case as the same tensor; undefined when a call threw.
kt::Tensor learner_outcome(const Case& c);

/// Makes the failure, once shrunk, carry the catalogue entry the learner's calls equal, else the
/// first call whose token differs on a fixed case.
void diagnose_after_shrinking(Failure& f, const Case& failing);

}  // namespace grader::kata_sampling
