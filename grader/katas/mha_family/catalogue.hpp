// The MHA family's mistake catalogue (Note [mistake catalogue] in grader/lib/diagnosis.hpp): every
// plausible single-step mistake of multi-head attention, step by step, as Mistakes (mistakes.hpp),
// and the cases that tell them apart.
#pragma once

#include <vector>

#include "grader/katas/mha_family/cases.hpp"
#include "grader/lib/diagnosis.hpp"

namespace grader::mha {

struct MhaEntry {
  CatalogueEntry entry;
  Mistakes mistakes;
};

/// The entries that apply to the current kata (kata_call(): biases or not, grouped or not).
std::vector<MhaEntry> catalogue();

/// Fixed cases on which every entry's output differs from every other's and from the reference's:
/// (B, T) = (2, 3), (2, 4), (3, 5), several heads (and kv heads in a grouped kata), d_head = 3 (so
/// sqrt(d_model), d_head and sqrt(d_head) all differ, and a size read from T or B equals d_head or
/// num_heads on one case at most), biases where the kata has them; a per-head, per-entry random
/// mask, the causal flag, neither; and the last of these with x times 30 (scores in the thousands,
/// where a softmax without its maximum overflows).
std::vector<Case> discriminating_cases();

/// What an entry's mistakes compute on the case as the kata calls the learner's code (a kata
/// without the causal flag gets a causal case's tril as its mask).
kt::Tensor catalogue_output(const Case& c, const Mistakes& mistakes);

/// Makes the failure, once shrunk, carry the catalogue entry the learner's output on `failing`
/// equals (together with the discriminating cases), if exactly one does; otherwise the journey
/// (journey.hpp) on the first of those cases where the output is wrong.
void diagnose_after_shrinking(Failure& f, const Case& failing);

}  // namespace grader::mha
