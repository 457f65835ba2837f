// The kv_cache kata's mistake catalogue (Note [mistake catalogue] in grader/lib/diagnosis.hpp):
// the plausible single mistakes of a decoding step (the cache, the mask, the rotation, the scale)
// as switches of mistakes.hpp, and the cases that tell them apart.
#pragma once

#include <string>
#include <vector>

#include "grader/katas/kv_cache/cases.hpp"
#include "grader/katas/kv_cache/mistakes.hpp"
#include "grader/lib/diagnosis.hpp"
#include "grader/lib/journey.hpp"

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

/// The correct computation of the case's LAST forward call, step by step (grader/lib/journey.hpp),
/// Float64, the whole batch and every head: the new tokens' q, k, v projected and split into heads
/// (B, H, T_new, d_head), q and k rotated at positions L..L+T_new-1 (L: the cache's length before
/// the call), the cache after the append (B, H, L + T_new, d_head), the scores, the causal mask
/// aligned bottom-right (key j allowed for new token i when j <= L + i), the weights (softmax over
/// the keys), weights @ V, the heads merged, out_proj.
std::vector<Step> expected_steps(const Case& c);

/// "the case B = 1, H = 2, d_head = 4, a prefill of 2 then chunks of 1, 2, the last call (...)".
std::string case_text(const Case& c);

/// What the learner's code returned in the case's last call (the last T_new rows of its
/// concatenated outputs), run under the caller's trace; undefined when a call threw or returned
/// another shape.
kt::Tensor learner_last_call(const Case& c);

/// The catalogue, the learner's and the reference's outputs, and the last call's steps: what the
/// kit diagnoses a failure with (Note [mistake catalogue]).
Diagnosis<Case> diagnosis();

/// Makes the failure, once shrunk, carry the catalogue entry the learner's outputs on `failing`
/// and on the discriminating cases equal, if exactly one does.
void diagnose_after_shrinking(Failure& f, const Case& failing);

}  // namespace grader::kata_kv_cache
