// The decoder_block kata's mistake catalogue (Note [mistake catalogue] in
// grader/lib/diagnosis.hpp): each plausible single mistake of forward and mlp (the norms, the
// residuals, the MLP's branches) as what the call computes, the fixed cases that tell them apart,
// and the steps of the correct computation (the journey).
#pragma once

#include <functional>
#include <vector>

#include "grader/katas/decoder_block/cases.hpp"
#include "grader/lib/diagnosis.hpp"

namespace grader::kata_decoder_block {

using Entry = CatalogueItem<Case>;

std::vector<Entry> catalogue();
/// Two forward cases and one mlp case (a test asserts every entry apart on them).
std::vector<Case> discriminating_cases();
std::vector<Step> expected_steps(const Case& c);
void diagnose_after_shrinking(Failure& f, const Case& failing);

}  // namespace grader::kata_decoder_block
