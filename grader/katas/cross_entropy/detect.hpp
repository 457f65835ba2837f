// What the cross_entropy kata's pitfall detectors share. Each detector lives in pitfalls/ID.cpp
// and registers the check "pitfall_ID"; kata.toml gives its points.
//
// Note [cross_entropy detectors]
// The five pitfalls are choices in one computation (Steps in mistakes.hpp): how the
// log-probabilities are made (stable, from the raw logits: no_max_subtraction, or as the log of a
// softmax: log_of_softmax), the axis they normalise over (softmax_wrong_dim), what the mean does
// with ignored rows (ignored_rows_in_mean: zeroed but counted, or read as ordinary rows), and how
// smoothing spreads its mass (smoothing_mass_wrong). A detector searches every such computation
// and names its pitfall when the learner's loss equals one that makes it and none that does not
// (a loss that is not finite equal to any other: code that multiplies a log of 0 by a one-hot 0
// gets NaN where the sum gives inf) on the case and on its sibling, the case with one more row
// (a loss is one number, and counts can make two mistakes agree on one case), so two mistakes are
// named both and a loss no choice explains is named with none. Each runs on Float64 cases of N 2-6
// and C 3-8 (one row or one class makes several choices coincide) drawn where its mistake shows:
// log_of_softmax where some log-probabilities underflow (entries 1000 below their row, a target
// among them), where the raw logits' exp does not overflow; no_max_subtraction on rows shifted by
// 1000, where it does and the log of a stable softmax does not; ignored_rows_in_mean with rows
// ignored (ignore_index -100 or a class); smoothing_mass_wrong with label_smoothing 0.1 or 0.3;
// softmax_wrong_dim on moderate rows.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "grader/katas/cross_entropy/cases.hpp"
#include "grader/katas/cross_entropy/mistakes.hpp"

namespace grader::kata_cross_entropy {

inline constexpr int kDetectorCases = 40;

/// Every computation the detectors search.
std::vector<Steps> searched_steps();

/// The searched steps that compute got[i] on every cases[i] and make `pitfall`, if some do and
/// none that does not make it computes them too.
std::optional<Steps> steps_with(const std::vector<Case>& cases, const std::vector<kt::Tensor>& got,
                                bool Made::*pitfall);

/// The case with one more row, kept (a class other than ignore_index): a detector's second case.
Case sibling(const Case& c);

/// A detector's body: draws a case from `spec`, runs the learner, and when its loss is wrong and
/// steps_with finds `pitfall`, the failure named `id` with message(case, steps).
Outcome detect(uint64_t seed, const Spec& spec, bool Made::*pitfall, const char* id,
               const std::function<std::string(const Case&, const Steps&)>& message);

}  // namespace grader::kata_cross_entropy
