// What the moe_router kata's pitfall detectors share. Each detector lives in pitfalls/ID.cpp and
// registers the check "pitfall_ID"; kata.toml gives its points.
//
// Note [moe_router detectors]
// The five pitfalls are choices in one computation of the routing (Steps in mistakes.hpp): the
// softmax's axis, what the gates are (renormalised, the probabilities as they are, or the logits
// over their sum), the order of each token's experts (by probability, by id, the k least
// probable, or the k most probable listed least probable first: on k = 2 the last is the order by
// id whenever the more probable expert has the higher id, and searching it keeps experts_unsorted
// from being named there), whether f_e counts assignments or sums gates, whether P_e averages
// probabilities or logits, and the loss's factor (E, none, or E * k as Hugging Face's Mixtral
// loss). A detector searches every such computation (searched_steps: 288) and names its pitfall
// when the learner's routing (experts, gates and loss together) equals one that makes it and none
// that does not (steps_with), and the same case called again gives the same routing: two mistakes
// are named both, a routing no choice explains is named with none. Each runs on Float64 cases of 3
// to 6 tokens, 4 to 8 experts and 2 <= k < E, logits spread apart (no near-ties): with k = E the
// gates are the probabilities whether renormalised or not, and with k = 1 the experts' order cannot
// show.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "grader/katas/moe_router/cases.hpp"
#include "grader/katas/moe_router/mistakes.hpp"

namespace grader::kata_moe_router {

inline constexpr int kDetectorCases = 40;

/// Every computation the detectors search.
const std::vector<Steps>& searched_steps();

/// The searched steps whose routing equals got (packed) on the case and which make `pitfall`, if
/// some do and none that do not make it does.
std::optional<Steps> steps_with(const Case& c, const kt::Tensor& got, bool Made::*pitfall);

/// A detector's body: draws a detector case, runs the learner, and when its routing is wrong and
/// steps_with finds `pitfall`, the failure named `id` with message(case, steps).
Outcome detect(uint64_t seed, bool Made::*pitfall, const char* id,
               const std::function<std::string(const Case&, const Steps&)>& message);

}  // namespace grader::kata_moe_router
