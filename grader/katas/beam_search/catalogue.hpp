// The beam_search kata's mistake catalogue (Note [mistake catalogue] in grader/lib/diagnosis.hpp):
// each plausible single slip of a beam search (what a step selects from, what an eos does, the
// score, the order of the result, what a hypothesis carries, the live hypotheses at the stop, bos
// in the tokens) as what its search returns, and the fixed cases that tell them apart. The check's
// own message explains the first step that differs; the kit (grader::Diagnosis) does the rest.
#pragma once

#include <vector>

#include "grader/katas/beam_search/cases.hpp"
#include "grader/lib/diagnosis.hpp"

namespace grader::kata_beam_search {

struct Entry {
  CatalogueEntry entry;
  Steps steps;
};

/// Every entry, the kata's pitfalls among them under their ids.
std::vector<Entry> catalogue();

/// Fixed Float64 cases on which every entry differs from every other and from the reference (a
/// test asserts it).
std::vector<Case> discriminating_cases();

/// Hypotheses as one Float64 tensor (count, then each one's size, tokens, log_prob and score):
/// what the catalogue compares.
kt::Tensor outcome(const std::vector<ref::Hypothesis>& hyps);

/// Makes the failure, once shrunk, carry the catalogue entry the learner's searches equal.
void diagnose_after_shrinking(Failure& f, const Case& failing);

}  // namespace grader::kata_beam_search
