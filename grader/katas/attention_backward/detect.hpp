// What the attention_backward kata's pitfall detectors share. Each detector lives in
// pitfalls/ID.cpp and registers the check "pitfall_ID"; kata.toml gives its points.
//
// Note [attention_backward detectors]
// Each mistake shows in some of the three gradients only, so a detector compares just those, on
// cases where the other mistakes either cannot show or are simulated alongside (mistakes.hpp):
// - dv_uses_scores: dv only (no other mistake touches it without a mask), not causal: dv equals
//   Sᵀ dout, S the scaled or the raw scores, and not Pᵀ dout.
// - softmax_backward_no_rowsum: not causal; dq equals P ∘ dP carried to dq (with or without its
//   1/√d), or dk does (with or without its 1/√d, dS transposed or not), and not the same with the
//   row sum.
// - grad_missing_scale: not causal, d >= 2; dq without its 1/√d (the row sum kept or not), or dk
//   without it (any row sum and transposition), and not the same with it.
// - dk_from_transposed_wrong: not causal, T >= 2; dk equals dS q (any row sum and scale), and not
//   dSᵀ q with the same.
// - mask_grad_leak: causal, T >= 2; dv equals Pᵀ dout with P computed without the mask, or dk
//   equals the backward with unmasked weights throughout (any row sum, scale, transposition), and
//   not the same with the masked weights.
// "And not the same with it" is the rule that lets a double mistake name both: each detector
// tries every combination of the other switches that can show in the gradient it reads.
#pragma once

#include <optional>
#include <string>

#include "grader/katas/attention_backward/cases.hpp"
#include "grader/katas/attention_backward/mistakes.hpp"

namespace grader::kata_attention_backward {

inline constexpr int kDetectorCases = 30;

/// The detectors' case: T 2-6, d 2-4 (so 1/√d is not 1), 0-1 leading axes.
Case detector_case(bool causal);

/// A detector's failure for a call that threw or returned another shape (shown as skipped).
std::optional<Failure> cannot_check(const Case& c, const Called& called, const std::string& id);

/// Every combination of the switches (2 x 4 x 2 x 3 x 3), the correct one first.
std::vector<Mistakes> all_combinations();

/// The first combination with the switch on (on(m)) whose gradient `which` (0 dq, 1 dk, 2 dv) got
/// equals, while the same combination with the switch off (off(m)) it does not; none otherwise.
std::optional<Mistakes> needs_switch(const Case& c, const Grads& got, int which,
                                     bool (*on)(const Mistakes&), Mistakes (*off)(Mistakes));

/// A detector's finding: the learner's gradients beside the reference's, named.
Failure found_pitfall(const Case& c, const Called& called, const char* id, std::string message);

}  // namespace grader::kata_attention_backward
