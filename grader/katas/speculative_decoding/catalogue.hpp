// The speculative_decoding kata's mistake catalogue (Note [mistake catalogue] in
// grader/lib/diagnosis.hpp): each plausible single slip of the verification step (what accepts a
// draft token, what a rejection draws from, what follows when all are accepted) as what its calls
// append, and the fixed cases that tell them apart. The check's own message explains the first
// call that differs; the kit (grader::Diagnosis) does the rest.
#pragma once

#include <vector>

#include "grader/katas/speculative_decoding/cases.hpp"
#include "grader/lib/diagnosis.hpp"

namespace grader::kata_speculative_decoding {

struct Entry {
  CatalogueEntry entry;
  Steps steps;
};

/// Every entry, the kata's pitfalls among them under their ids.
std::vector<Entry> catalogue();

/// Fixed cases on which every entry differs from every other and from the reference (a test
/// asserts it).
std::vector<Case> discriminating_cases();

/// Calls' appended tokens and their number of draws as one Float64 tensor (each call's count and
/// tokens, then the draws): what the catalogue compares.
kt::Tensor outcome(const Replay& r);

/// Makes the failure, once shrunk, carry the catalogue entry the learner's calls equal.
void diagnose_after_shrinking(Failure& f, const Case& failing);

}  // namespace grader::kata_speculative_decoding
