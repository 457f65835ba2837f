// What the sampling kata's pitfall detectors share. Each detector lives in pitfalls/ID.cpp and
// registers the check "pitfall_ID"; kata.toml gives its points.
//
// Note [sampling detectors]
// The five pitfalls are choices in one computation (Steps in mistakes.hpp), beside the catalogue's
// other slips (the temperature multiplied, top-k cutting ties, the nucleus over every token or
// from the least probable up, the walk in sorted order, greedy's last maximum): where the
// temperature goes (temperature_after_softmax), what temperature 0 does
// (temperature_zero_not_greedy), what the nucleus is computed from (top_p_before_temperature) and
// where it stops (top_p_excludes_crossing_token), what the final p is normalised over
// (not_renormalized). A detector makes 200 calls sharing one generator on a Float64 case (V 4-10)
// and searches every such computation: it names its pitfall when the 200 tokens and the number of
// draws are what computations that make it give, and no computation without it gives them (each
// draw judged within rounding: Walk::gives). A case is drawn again (up to ten times) until the
// pitfall's own slip gives other tokens than every single slip that is not it, and not one token
// every time (shows): a nucleus of every token is what several slips keep, and a nucleus of one
// token what many a broken sampler returns, so neither tells anything. Two distributions whose
// running sums differ by 0.05 in all give the same 40 draws one time in eight, the same 200 draws
// one time in 30000: 200 draws tell a searched computation from a mistake outside the search (a
// walk from the other end, a sampler whose logits drift from call to call); a nucleus is a set,
// which a mistake outside the search may keep on one case, so the pitfall must explain the tokens
// of a second case that shows it too (Note [a pitfall confirmed on two cases] in
// grader/lib/confirmed.hpp). A learner whose calls
// change logits is not judged (inputs_unchanged says so). Two mistakes
// are named both, and tokens no computation gives are named with none. Each runs where its mistake
// shows: temperature_after_softmax at temperatures 0.5 and 2, temperature_zero_not_greedy at 0,
// top_p_before_temperature and top_p_excludes_crossing_token with top-p on (top_p_before_
// temperature at 0.5 with top-k off, on logits of 0.75 * randn: a nucleus taken from the flatter
// softmax(logits) keeps more tokens than the right one, which no other slip does there; at 2 it
// keeps fewer, as the crossing token left out does), not_renormalized with top-k or top-p dropping
// tokens.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "grader/katas/sampling/cases.hpp"
#include "grader/katas/sampling/mistakes.hpp"

namespace grader::kata_sampling {

inline constexpr int kDetectorCases = 50;

/// Every computation the detectors search.
std::vector<Steps> searched_steps();

/// The searched steps that give `tokens` and `draws` on the case and make `pitfall`, if some do
/// and none that does not make it gives them too.
std::optional<Steps> steps_with(const Case& c, const std::vector<int64_t>& tokens, int64_t draws,
                                bool Made::*pitfall);

/// Every searched computation with at most one switch off the statement's (the right one too).
std::vector<Steps> single_slips();

/// For the kit's confirmed detector (grader/lib/confirmed.hpp): the steps that explain wrong
/// tokens (none for right ones, or when the logits changed), and its failure with an example.
std::optional<Steps> explained_steps(const Case& c, const Called& called, bool Made::*pitfall);
Failure pitfall_failure(const Case& c, const Called& called, const std::string& message);

/// Whether the case shows `mistake` (a computation that makes `pitfall`): its tokens are not all
/// one token (when it draws), and differ from those of every single slip that does not make the
/// pitfall, the right computation included.
bool shows(const Case& c, const Steps& mistake, bool Made::*pitfall);

/// A detector's body: draws a case from `spec` (up to ten times, until one shows `mistake`; none
/// does: nothing to check there), runs the learner, and when its tokens are wrong and steps_with
/// finds `pitfall` there and on a second case that shows it, the failure named `id` with
/// message(case, steps) on the first.
Outcome detect(uint64_t seed, const Spec& spec, const Steps& mistake, bool Made::*pitfall,
               const char* id, const std::function<std::string(const Case&, const Steps&)>& message,
               int cases = kDetectorCases);

}  // namespace grader::kata_sampling
