// What the rms_norm kata's pitfall detectors share. Each detector lives in pitfalls/ID.cpp and
// registers the check "pitfall_ID"; kata.toml gives its points.
//
// Note [rms_norm detectors]
// The five pitfalls are choices in one computation, x / sqrt(mean(x^2) + eps) * weight (Steps in
// mistakes.hpp): the axis of the mean of squares (the last, another one, the last two, or all of
// x: every one but the last is normalized_wrong_axis), whether a mean is subtracted (from x, inside
// the statistic, or both: mean_subtracted), a sum instead of the mean (sum_not_mean), where eps
// goes (eps_outside_sqrt) and 1 + weight (weight_plus_one). A detector searches every such
// computation (searched_steps) and names its pitfall when the learner's output equals one that
// makes it and none that does not (steps_with, the kit's explained_by), and the same case called
// again gives the same output (SameShapeKata::detected): two mistakes are named both, an output no
// choice explains is named with none. Each runs on Float64 rows of rank 2-4, D 3-6 (with D = 2, x /
// (std + eps) equals x / (mean(|x|) + eps) on a row of two values of opposite signs), drawn where
// its mistake shows: mean_subtracted on rows shifted by 3 to 6, eps_outside_sqrt on rows of 0.001 *
// randn (a mean of squares near 1e-6), the others on moderate rows.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "grader/katas/rms_norm/cases.hpp"
#include "grader/katas/rms_norm/mistakes.hpp"

namespace grader::kata_rms_norm {

inline constexpr int kDetectorCases = 40;

/// Every computation the detectors search on x of `rank` axes.
std::vector<Steps> searched_steps(int64_t rank);

/// The searched steps that compute got on the case and make `pitfall`, if some do and none that
/// do not make it computes got too.
std::optional<Steps> steps_with(const Case& c, const kt::Tensor& got, bool Made::*pitfall);

/// A detector's body: draws a case of `values`, runs the learner, and when its output is wrong and
/// steps_with finds `pitfall`, the failure named `id` with message(case, steps).
Outcome detect(uint64_t seed, Values values, bool Made::*pitfall, const char* id,
               const std::function<std::string(const Case&, const Steps&)>& message);

}  // namespace grader::kata_rms_norm
