// The moe_router kata's mistake catalogue (Note [mistake catalogue] in grader/lib/diagnosis.hpp):
// each plausible single mistake of the routing (the softmax, the experts chosen and their order,
// the gates, the loss) as what it computes (packed: experts, gates, loss), the fixed cases that
// tell them apart, and the steps of the correct computation (the journey,
// grader/lib/journey.hpp). The kit (grader::Diagnosis) does the rest.
#pragma once

#include <functional>
#include <vector>

#include "grader/katas/moe_router/cases.hpp"
#include "grader/lib/diagnosis.hpp"

namespace grader::kata_moe_router {

using Entry = CatalogueItem<Case>;  // computes the packed routing, Float64

/// Every entry, the kata's pitfalls among them under their ids.
std::vector<Entry> catalogue();

/// Fixed Float64 cases on which every entry differs from every other and from the reference (a
/// test asserts it): spread logits with k = 2 and k = 3, and whole-number logits with ties.
std::vector<Case> discriminating_cases();

/// The named steps of the correct computation on a case, with their values.
std::vector<Step> expected_steps(const Case& c);

/// Makes the failure, once shrunk, carry the catalogue entry the learner's routing equals, else
/// the first step the learner's ops never compute.
void diagnose_after_shrinking(Failure& f, const Case& failing);

}  // namespace grader::kata_moe_router
