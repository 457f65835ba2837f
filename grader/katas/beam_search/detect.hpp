// What the beam_search kata's pitfall detectors share. Each detector lives in pitfalls/ID.cpp and
// registers the check "pitfall_ID"; kata.toml gives its points.
//
// Note [beam_search detectors]
// The five pitfalls are choices in one search (Steps in mistakes.hpp), beside the catalogue's
// other slips (an eos that takes a live slot, the score counting bos, the result sorted by
// log_prob, the live hypotheses dropped at the stop, bos in the tokens): what a step selects from
// (per_beam_top_k), what an eos candidate does (finished_beams_extended, eos_kept_live), the score
// (no_length_penalty) and what a hypothesis carries (probabilities_multiplied). A detector runs
// the learner's search on a Float64 case (V 4-8, widths 2-4, 3-6 steps) and searches every such
// search: it names its pitfall when the returned hypotheses (tokens, log_prob and score) are what
// searches that make it return, and no search without it returns them, on two cases where the
// pitfall's own slip returns other hypotheses than every single slip that is not it, the right
// search included (shows: on a case where the slip changes nothing, or where another slip returns
// the same, the result tells nothing; Note [a pitfall confirmed on two cases] in
// grader/lib/confirmed.hpp). Two mistakes are named both; a result no search returns is named with
// none. Each runs where its mistake shows: probabilities_multiplied on the tiny model (values near
// -300: products underflow at the third step), no_length_penalty at penalties 0.5, 1 and 2, the
// others on models whose eos is likely (hypotheses finish, and a live hypothesis's best extensions
// are many).
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "grader/katas/beam_search/cases.hpp"
#include "grader/katas/beam_search/mistakes.hpp"

namespace grader::kata_beam_search {

inline constexpr int kDetectorCases = 40;

/// Every search the detectors try.
std::vector<Steps> searched_steps();

/// Every searched search with at most one choice off the statement's (the right one too).
std::vector<Steps> single_slips();

/// For the kit's confirmed detector (grader/lib/confirmed.hpp): the steps that explain a wrong
/// result (none for a right one, or when the model's tensors changed), and its failure.
std::optional<Steps> explained_steps(const Case& c, const Called& called, bool Made::*pitfall);
Failure pitfall_failure(const Case& c, const Called& called, const std::string& message);

/// The searched steps that return `hyps` on the case and make `pitfall`, if some do and none that
/// does not make it returns them too.
std::optional<Steps> steps_with(const Case& c, const std::vector<ref::Hypothesis>& hyps,
                                bool Made::*pitfall);

/// Whether the case shows `mistake` (a search that makes `pitfall`): it returns other hypotheses
/// than every single slip that does not make the pitfall, the right search included.
bool shows(const Case& c, const Steps& mistake, bool Made::*pitfall);

/// A detector's body: draws a case from `spec` (up to ten times, until one shows `mistake`; none
/// does: nothing to check there), runs the learner, and when its result is wrong and steps_with
/// finds `pitfall` there and on a second case that shows it, the failure named `id` with
/// message(case, steps) on the first.
Outcome detect(uint64_t seed, const Spec& spec, const Steps& mistake, bool Made::*pitfall,
               const char* id, const std::function<std::string(const Case&, const Steps&)>& message,
               int cases = kDetectorCases);

}  // namespace grader::kata_beam_search
