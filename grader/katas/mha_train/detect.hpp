// What the mha_train kata's pitfall detectors share. Each detector lives in pitfalls/ID.cpp and
// registers the check "pitfall_ID"; kata.toml gives its points.
//
// Note [mha_train detectors]
// Every detector reads the dropped weights off the output of the revealing design (Note [weights
// seen through the output] in cases.cpp), at p = 0.3 or 0.7, T >= 3, over a few calls, and names
// its pitfall on a pattern no other mistake gives:
// - dropout_in_eval: in eval(), weights that are each 0 or s w for one s (1 or 1 / (1 - p)), some
//   dropped and some kept.
// - dropout_not_rescaled: in training, weights that are each 0 or w exactly, some dropped and some
//   kept (a correct dropout keeps w / (1 - p)); or output features that are each 0 or their value
//   without dropout (the module's output, or the heads' before out_proj's bias), for a dropout
//   misplaced on the outputs and not rescaled either (named with dropout_on_output); or rows that
//   are the softmax of the scores with some set to 0 and the others as they were, not divided by
//   1 - p, for a dropout misplaced on the scores and not rescaled either (named with
//   dropout_before_softmax; Note [dropout read off the scores] in score_dropout.cpp).
// - dropout_before_softmax: in training, rows of weights that each sum to 1 but differ from the
//   weights without dropout (a dropout after the softmax leaves zeros that no renormalisation
//   fills).
// - dropout_on_output: in training, the output's two copies of the weights differ: something was
//   dropped after the weights met the values (on the heads' outputs or on the module's output).
// - dropout_in_eval also on an eval() output that changes from call to call or with the
//   generator's seed (random in eval, wherever the dropout sits: so a double with
//   dropout_on_output or dropout_before_softmax keeps both names).
// - dropout_mask_shared: with 2-3 heads and batch entries over 60 calls, an axis (batch entries,
//   heads, queries or keys) along which every two weights were dropped or kept together on every
//   call (Note [independent dropout] in independence.cpp); the decisions read off the zeros of the
//   weights, or, for a dropout misplaced on the scores that zeroes them (named with
//   dropout_before_softmax), off the renormalised rows (Note [dropout read off the scores]).
#pragma once

#include <optional>
#include <string>

#include "grader/katas/mha_train/cases.hpp"

namespace grader::kata_mha_train {

inline constexpr int kDetectorCases = 30;
inline constexpr int kDetectorCalls = 4;

/// The detectors' case: revealing, p 0.3 or 0.7, T 3-6, in the given mode.
Case detector_case(bool training);

/// A detector's failure for a call that threw or returned another shape.
std::optional<Failure> cannot_check(const Case& c, const Calls& r, const std::string& id);

/// A detector's finding, showing the weights the output carries beside the weights without
/// dropout.
Failure found_pitfall(const Case& c, const kt::Tensor& out, const char* id, std::string message);

}  // namespace grader::kata_mha_train
