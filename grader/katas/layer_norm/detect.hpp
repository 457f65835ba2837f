// What the layer_norm kata's pitfall detectors share. Each detector lives in pitfalls/ID.cpp and
// registers the check "pitfall_ID"; kata.toml gives its points.
//
// Note [layer_norm detectors]
// The five pitfalls are choices in one computation, (x - mean) / sqrt(var + eps) * weight + bias
// (Steps in mistakes.hpp): the axis of the statistics (the last, another one, the last two, or all
// of x: every one but the last is normalized_wrong_axis), whether
// the mean and the variance keep that axis, which variance (biased, unbiased, the mean of x^2),
// and where eps goes. A detector searches every such computation (searched_steps) and names its
// pitfall when the learner's output equals one that makes it and none that does not (steps_with,
// the kit's explained_by), and the same case called again gives the same output (the kit's
// SameShapeKata::detected), so a solution with two of the mistakes is named with both, and an
// output no choice explains is named with none (the catalogue and the journey say what they can).
// Each runs on Float64 cubes (rank 2-3, every axis 3 or 4: a row of two values would normalise to
// -1 and 1 whatever else is wrong), where statistics without keepdim broadcast instead of throwing,
// so every detector also sees code that makes that mistake beside its own: unbiased_variance,
// normalized_wrong_axis and stats_without_keepdim on moderate rows; eps_outside_sqrt on rows whose
// variance is near 1e-5; variance_not_centered on rows shifted by 3 to 6 (mean(x^2) is then far
// from the variance).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "grader/katas/layer_norm/cases.hpp"
#include "grader/katas/layer_norm/mistakes.hpp"

namespace grader::kata_layer_norm {

/// Cases per detector.
inline constexpr int kDetectorCases = 40;

/// Every computation the detectors search on x of `rank` axes.
std::vector<Steps> searched_steps(int64_t rank);

/// The searched steps that compute got on the case and make `pitfall`, if some do and none that
/// do not make it computes got too.
std::optional<Steps> steps_with(const Case& c, const kt::Tensor& got, bool Made::*pitfall);

/// A detector's body: draws a case from `spec`, runs the learner, and when its output is wrong
/// and steps_with finds `pitfall`, the failure named `id` with message(case, steps).
Outcome detect(uint64_t seed, const Spec& spec, bool Made::*pitfall, const char* id,
               const std::function<std::string(const Case&, const Steps&)>& message);

}  // namespace grader::kata_layer_norm
