// What the speculative_decoding kata's pitfall detectors share. Each detector lives in
// pitfalls/ID.cpp and registers the check "pitfall_ID"; kata.toml gives its points.
//
// Note [speculative_decoding detectors]
// The five pitfalls are choices in one step (Steps in mistakes.hpp), beside the catalogue's other
// slips (acceptance by p[x] alone, a rejection that draws from q or draws nothing, the bonus from
// p_{K-1}): what a draft token is accepted by (ratio_inverted), what a rejection draws from
// (residual_not_normalized, residual_not_clamped, resample_from_target) and what follows when all
// are accepted (no_bonus_token). A detector makes 100 calls sharing one generator on a case (V 3-8,
// K 1-4, each call its own draft) and replays every such step: it names its pitfall when the
// tokens of the 100 calls and the number of draws are what steps that make it give, and no step
// without it gives them, on two cases where the pitfall's own slip gives other tokens than every
// single slip that is not it, the right step included (shows; Note [a pitfall confirmed on two
// cases] in grader/lib/confirmed.hpp). A learner whose calls change an input is not judged. Two
// mistakes are named both; tokens no step gives are named with none. Each runs where its mistake
// shows: the rejections' pitfalls where p and q are unrelated (rejections early), ratio_inverted
// where p is q's logits plus noise (ratios on both sides of 1), no_bonus_token where p_i = q_i
// (every draft accepted).
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "grader/katas/speculative_decoding/cases.hpp"
#include "grader/katas/speculative_decoding/mistakes.hpp"

namespace grader::kata_speculative_decoding {

inline constexpr int kDetectorCases = 40;

/// Every step the detectors try.
std::vector<Steps> searched_steps();
/// Every searched step with at most one choice off the statement's (the right one too).
std::vector<Steps> single_slips();

/// For the kit's confirmed detector (grader/lib/confirmed.hpp): the steps that explain wrong tokens
/// (none for right ones, or when the distributions changed), and its failure.
std::optional<Steps> explained_steps(const Case& c, const Called& called, bool Made::*pitfall);
Failure pitfall_failure(const Case& c, const Called& called, const std::string& message);

/// The searched steps that give the learner's tokens and draws on the case and make `pitfall`, if
/// some do and none that does not make it gives them too.
std::optional<Steps> steps_with(const Case& c, const Called& called, bool Made::*pitfall);

/// Whether the case shows `mistake`: it gives other tokens or draws than every single slip that
/// does not make the pitfall, the right step included.
bool shows(const Case& c, const Steps& mistake, bool Made::*pitfall);

/// A detector's body (as the sampling kata's): a showing case, the learner's calls, the pitfall
/// found there and on a second showing case; the failure named `id` with message(case, steps).
Outcome detect(uint64_t seed, const Spec& spec, const Steps& mistake, bool Made::*pitfall,
               const char* id, const std::function<std::string(const Case&, const Steps&)>& message,
               int cases = kDetectorCases);

}  // namespace grader::kata_speculative_decoding
