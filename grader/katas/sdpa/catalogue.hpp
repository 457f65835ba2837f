// The sdpa kata's mistake catalogue (Note [mistake catalogue] in grader/lib/diagnosis.hpp): every
// plausible single-step mistake of scaled dot-product attention, step by step (scale, masking,
// causality, softmax axis, what the weights multiply), as Mistakes (mistakes.hpp), and the cases
// that tell them apart.
#pragma once

#include <vector>

#include "grader/katas/sdpa/cases.hpp"
#include "grader/katas/sdpa/mistakes.hpp"
#include "grader/lib/diagnosis.hpp"

namespace grader::kata_sdpa {

struct SdpaEntry {
  CatalogueEntry entry;
  Mistakes mistakes;
};

/// Every entry, the kata's pitfalls among them under their ids.
std::vector<SdpaEntry> catalogue();

/// Fixed cases on which every entry's output differs from every other's and from the reference's
/// (a test asserts it): one leading axis of 2 (so a softmax over it is possible), T_q != T_k both
/// ways, d_k != d_v, a mask with is_causal, a mask alone, is_causal alone, neither; no query is
/// left without a key; and the mask-alone case with q and k times 30 (scores in the thousands,
/// where a softmax without its maximum overflows).
std::vector<Case> discriminating_cases();

/// Makes the failure, once shrunk, carry the catalogue entry the learner's output on `failing`
/// equals (together with the discriminating cases), if exactly one does. The outputs are compared
/// whatever their shape (returning the weights, or averaging the keys, gives another one).
void diagnose_after_shrinking(Failure& f, const Case& failing);

}  // namespace grader::kata_sdpa
