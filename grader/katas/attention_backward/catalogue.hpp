// The attention_backward kata's mistake catalogue (Note [mistake catalogue] in
// grader/lib/diagnosis.hpp): every plausible single mistake of the backward pass, step by step
// (the weights P, dv, dP, the softmax's backward and its row sum, the scale, dq and dk), the
// kata's pitfalls among them (simulated by mistakes.hpp), the cases that tell them apart, and the
// named steps of the correct computation for the journey and the attention map.
//
// The learner's call returns three gradients; the catalogue compares one tensor per case: dq, dk
// and dv flattened and concatenated in that order (Float64), for the learner, each entry and the
// reference alike (`flattened`).
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "grader/katas/attention_backward/cases.hpp"
#include "grader/lib/diagnosis.hpp"
#include "grader/lib/journey.hpp"

namespace grader::kata_attention_backward {

using BackwardEntry = CatalogueItem<Case, Grads>;  // computes the three gradients

/// Every entry, the kata's pitfalls among them under their ids.
std::vector<BackwardEntry> catalogue();

/// Fixed cases on which every entry differs from every other and from the reference (a test
/// asserts it): causal and not, T 3 to 5, d 2 or 3 (T != d, so a transposition shows), one with a
/// leading axis.
std::vector<Case> discriminating_cases();

/// The one tensor the catalogue compares: dq, dk and dv, each reshaped to (-1), concatenated in
/// that order, Float64.
kt::Tensor flattened(const Grads& g);

/// The correct computation's named steps on the case (journey.hpp): P (the attention weights),
/// dv, dP, the row sums of P ∘ dP, dS, dk, and last dq, the value `traced` stands for.
std::vector<Step> expected_steps(const Case& c);

/// "the case T = 4, d = 3, not causal" (follows "On ").
std::string case_text(const Case& c);

/// Makes the failure, once shrunk, carry the catalogue entry the learner's gradients on `failing`
/// and on the discriminating cases equal, if exactly one does; else the first diverging step; and
/// the attention map.
void diagnose_after_shrinking(Failure& f, const Case& failing);

}  // namespace grader::kata_attention_backward
