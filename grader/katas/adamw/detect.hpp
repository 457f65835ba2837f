// What the adamw kata's pitfall detectors share. Each detector lives in pitfalls/ID.cpp and
// registers the check "pitfall_ID"; kata.toml gives its points.
//
// Note [adamw detectors]
// The five pitfalls are choices in one computation of the step (Steps in mistakes.hpp): how weight
// decay enters (decoupled, as L2 in the gradient, both, or not at all), whether the decoupled decay
// is multiplied by lr and comes before or after the update, which moments are bias-corrected and
// with which step count, and where eps goes (after the root, inside it, or on the uncorrected root
// as in Adam's paper). A detector searches every such computation (searched_steps: 210) and names
// its pitfall when the learner's parameter after the calls equals one that makes it and none that
// does not (steps_with), and the same case called again gives the same parameter (a step count
// kept in a static variable matches a pitfall's count on one call by chance): two mistakes are
// named both, an output no choice explains is named with none. Each runs on Float64 cases drawn
// where every choice shows: a state resumed at step 1 to 6 (the corrections far from 1; a fresh
// state would make the step-behind correction 1 - beta^0 = 0 and the result NaN), lr 0.01 to 0.1
// and weight_decay 0.1 or 0.3 (lr * weight_decay far from weight_decay, and decaying after the
// update visible), eps 1e-3 to 0.1 beside gradients of about 1 (eps inside the root differs from
// eps after it), and betas of 0.5 to 0.999.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "grader/katas/adamw/cases.hpp"
#include "grader/katas/adamw/mistakes.hpp"

namespace grader::kata_adamw {

inline constexpr int kDetectorCases = 40;

/// Every computation the detectors search.
const std::vector<Steps>& searched_steps();

/// The searched steps whose parameter equals got on the case and which make `pitfall`, if some do
/// and none that do not make it does.
std::optional<Steps> steps_with(const Case& c, const kt::Tensor& got, bool Made::*pitfall);

/// A detector's body: draws a detector case, runs the learner, and when its parameter is wrong and
/// steps_with finds `pitfall`, the failure named `id` with message(case, steps).
Outcome detect(uint64_t seed, bool Made::*pitfall, const char* id,
               const std::function<std::string(const Case&, const Steps&)>& message);

}  // namespace grader::kata_adamw
