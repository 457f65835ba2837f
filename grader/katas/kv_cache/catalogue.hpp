// The kv_cache kata's mistake catalogue (Note [mistake catalogue] in grader/lib/diagnosis.hpp):
// the plausible single mistakes of a decoding step (the cache, the mask, the rotation, the scale)
// as switches of mistakes.hpp, and the cases that tell them apart.
#pragma once

#include <vector>

#include "grader/katas/kv_cache/cases.hpp"
#include "grader/katas/kv_cache/mistakes.hpp"
#include "grader/lib/diagnosis.hpp"

namespace grader::kata_kv_cache {

struct KvEntry {
  CatalogueEntry entry;
  Mistakes mistakes;
};

/// Every entry, the kata's pitfalls among them under their ids.
std::vector<KvEntry> catalogue();

/// Fixed cases on which every entry differs from every other and from the reference (a test
/// asserts it): a prefill of 2 then 1 and 2 tokens, and a prefill of 3 then 2, with biases.
std::vector<Case> discriminating_cases();

/// Makes the failure, once shrunk, carry the catalogue entry the learner's outputs on `failing`
/// and on the discriminating cases equal, if exactly one does.
void diagnose_after_shrinking(Failure& f, const Case& failing);

}  // namespace grader::kata_kv_cache
