// The flash_attention kata's mistake catalogue (Note [mistake catalogue] in
// grader/lib/diagnosis.hpp): every plausible single mistake of blocked attention with an online
// softmax (the rescaling, the final division, the causal mask in and around the diagonal block,
// the scale, the blocks visited), each as what it computes in Float64, and the cases that tell
// them apart. The pitfalls' entries reuse the kata's simulation (mistakes.hpp); the others are
// plain per-query loops (catalogue.cpp), each exact for the form of the mistake its `what` names.
#pragma once

#include <functional>
#include <vector>

#include "grader/katas/flash_attention/cases.hpp"
#include "grader/lib/diagnosis.hpp"

namespace grader::kata_flash_attention {

using FlashEntry = CatalogueItem<Case>;  // computes Float64, (…, T, d_v)

/// Every entry, the kata's pitfalls among them under their ids.
std::vector<FlashEntry> catalogue();

/// Fixed Float64 cases on which every entry differs from every other and from the reference (a
/// test asserts it): T 5 to 7 with a block size that does not divide T, d 2 or 3, d_v != d,
/// causal and not, with and without a leading axis.
std::vector<Case> discriminating_cases();

/// Makes the failure, once shrunk, carry the catalogue entry the learner's output on `failing`
/// (when Float64) and on the discriminating cases equals, if exactly one does; else the first
/// diverging step (journey.hpp); and the attention map of journey.hpp's revealing case.
void diagnose_after_shrinking(Failure& f, const Case& failing);

}  // namespace grader::kata_flash_attention
