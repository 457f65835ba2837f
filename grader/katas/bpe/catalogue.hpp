// The bpe kata's mistake catalogue (Note [mistake catalogue] in grader/lib/diagnosis.hpp): each
// plausible single mistake of training or encoding as what it computes (the merges and the
// encodings, packed), and the fixed cases that tell them apart. The kit (grader::Diagnosis) does
// the rest; its journey is the merges side by side up to the first that differs.
#pragma once

#include <functional>
#include <vector>

#include "grader/katas/bpe/cases.hpp"
#include "grader/lib/diagnosis.hpp"

namespace grader::kata_bpe {

using Entry = CatalogueItem<Case>;  // computes the packed merges and encodings

/// Every entry, the kata's pitfalls among them under their ids.
std::vector<Entry> catalogue();

/// Fixed cases on which every entry differs from every other and from the reference (a test
/// asserts it): Sennrich's low, lower, newest, widest; runs of one letter; words listed twice; a
/// run whose overlapping count decides the first merge; a pair twice in one word.
std::vector<Case> discriminating_cases();

/// The journey of this kata: the merges side by side up to the first that differs (each with its
/// count at that round); empty when the merges agree.
Journey first_difference(const Case& c);

/// Makes the failure, once shrunk, carry the catalogue entry the learner's results equal.
void diagnose_after_shrinking(Failure& f, const Case& failing);

}  // namespace grader::kata_bpe
