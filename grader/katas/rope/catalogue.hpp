// The rope kata's mistake catalogue (Note [mistake catalogue] in grader/lib/diagnosis.hpp): every
// plausible single-step mistake of RoPE (the pairing, the positions, the frequencies, the
// direction, cos and sin, rotate_half) as switches of mistakes.hpp, and the cases that tell them
// apart.
#pragma once

#include <vector>

#include "grader/katas/rope/cases.hpp"
#include "grader/katas/rope/mistakes.hpp"
#include "grader/lib/diagnosis.hpp"

namespace grader::kata_rope {

struct RopeEntry {
  CatalogueEntry entry;
  Mistakes mistakes;
};

/// Every entry, the kata's pitfalls among them under their ids.
std::vector<RopeEntry> catalogue();

/// Fixed Float64 cases on which every entry differs from every other and from the reference (a
/// test asserts it): T = 3 with d = 8 and T = 4 with d = 6, start_pos 5 and 3, base 100 and
/// 10000.
std::vector<Case> discriminating_cases();

/// The steps of rotate-half RoPE on the case (Float64, as on Hugging Face): the frequencies, the
/// positions, the angles, cat(angles, angles), its cos and sin, rotate_half(x), the two products,
/// their sum.
std::vector<Step> expected_steps(const Case& c);

/// The same rotation on the halves of x, as the worked solution writes it: the angles' cos and
/// sin as they are, x1 and x2, out1 = x1 cos - x2 sin, out2 = x2 cos + x1 sin, cat(out1, out2).
/// The journey follows whichever form the learner's ops go further in (Note [forms of a
/// computation] in grader/lib/journey.hpp).
std::vector<Step> steps_on_halves(const Case& c);

/// Makes the failure, once shrunk, carry the catalogue entry the learner's output on `failing`
/// (when Float64 and contiguous) and on the discriminating cases equals, if exactly one does.
void diagnose_after_shrinking(Failure& f, const Case& failing);

}  // namespace grader::kata_rope
