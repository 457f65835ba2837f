// The layer_norm_backward kata's mistake catalogue (Note [mistake catalogue] in
// grader/lib/diagnosis.hpp): each plausible single mistake of the three gradients as what they
// compute (compared as one tensor: dx, dweight and dbias flattened, in that order), the fixed cases
// that tell them apart, and the steps of the correct computation (the journey follows dx).
#pragma once

#include <functional>
#include <vector>

#include "grader/katas/layer_norm_backward/cases.hpp"
#include "grader/lib/diagnosis.hpp"

namespace grader::kata_layer_norm_backward {

using Entry = CatalogueItem<Case, Grads>;

std::vector<Entry> catalogue();
std::vector<Case> discriminating_cases();
std::vector<Step> expected_steps(const Case& c);
void diagnose_after_shrinking(Failure& f, const Case& failing);

}  // namespace grader::kata_layer_norm_backward
