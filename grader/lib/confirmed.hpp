// A pitfall detector over a searched simulation (grader/lib/searched.hpp), confirmed on two cases:
// the loop of the katas whose outputs are draws or searches (sampling, beam_search,
// speculative_decoding; Note [a pitfall confirmed on two cases]).
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <utility>

#include "grader/lib/check.hpp"

namespace grader {

// Note [a pitfall confirmed on two cases]
// Where a kata's mistakes are switches of one simulation (its Steps), a detector names its
// pitfall when every setting of the switches that reproduces the learner's outputs makes the
// pitfall. That needs a case on which the pitfall shows: its outcome differs from every other
// single slip's (the kata's `shows`), drawn ten times at most (a detector with none says
// nothing). One case is not enough: a mistake outside the search can return what the pitfall
// returns on one case, not on two drawn apart; so the pitfall is named only when a second
// showing case is explained by it too. The first case is the one reported. A kata supplies:
template <class Case, class Called, class Steps>
struct ConfirmedSearch {
  /// A case on which the pitfall shows, or none (first_showing).
  std::function<std::optional<Case>()> showing;
  /// The learner's call on a case.
  std::function<Called(const Case&)> call;
  /// Why the call cannot be checked (it threw, a wrong shape): reported as it is.
  std::function<std::optional<Failure>(const Case&, const Called&)> stopped;
  /// The steps that reproduce what the learner returned, every such setting making the pitfall;
  /// none when the result is right, when some setting reproduces it without the pitfall, or when
  /// the call's inputs changed under it (nothing to replay).
  std::function<std::optional<Steps>(const Case&, const Called&)> explained;
  /// The failure to report for the first case and the steps that explained it.
  std::function<Failure(const Case&, const Called&, const Steps&)> report;
};

/// The first of `tries` cases from generate on which shows() holds, or none.
template <class Case>
std::optional<Case> first_showing(const std::function<Case()>& generate,
                                  const std::function<bool(const Case&)>& shows, int tries = 10) {
  for (int i = 0; i < tries; ++i) {
    Case c = generate();
    if (shows(c)) return c;
  }
  return std::nullopt;
}

/// One property case of the detector: the pitfall named when two showing cases confirm it.
template <class Case, class Called, class Steps>
std::optional<Failure> confirmed_on_two(const ConfirmedSearch<Case, Called, Steps>& d) {
  const std::optional<Case> first = d.showing();
  if (!first) return std::nullopt;  // nothing to tell from these cases
  const Called called = d.call(*first);
  if (auto stopped = d.stopped(*first, called)) return stopped;
  const std::optional<Steps> steps = d.explained(*first, called);
  if (!steps) return std::nullopt;
  const std::optional<Case> second = d.showing();
  if (!second) return std::nullopt;
  const Called again = d.call(*second);
  if (auto stopped = d.stopped(*second, again)) return stopped;
  if (!d.explained(*second, again)) return std::nullopt;
  return d.report(*first, called, *steps);
}

/// One property case of a confirmed detector of `pitfall`, its `mistake` shown on cases drawn from
/// `spec`; named `id` with message(case, steps). The kata's own functions are found in its
/// namespace by argument-dependent lookup (as std::swap finds a type's own swap), so a kata
/// supplies them under these names:
///   Case generate(const Spec&);
///   bool shows(const Case&, const Steps& mistake, bool Made::*pitfall);
///   Called call_learner_on(const Case&);
///   std::optional<Failure> cannot_check(const Case&, const Called&, const std::string& id);
///   std::optional<Steps> explained_steps(const Case&, const Called&, bool Made::*pitfall);
///   Failure pitfall_failure(const Case&, const Called&, const std::string& message);
template <class Spec, class Steps, class Made, class Message>
std::optional<Failure> confirmed_case(const Spec& spec, const Steps& mistake, bool Made::*pitfall,
                                      const std::string& id, const Message& message) {
  using Case = decltype(generate(spec));
  using Called = decltype(call_learner_on(std::declval<const Case&>()));
  const ConfirmedSearch<Case, Called, Steps> search{
      .showing =
          [&] {
            return first_showing<Case>([&] { return generate(spec); },
                                       [&](const Case& c) { return shows(c, mistake, pitfall); });
          },
      .call = [](const Case& c) { return call_learner_on(c); },
      .stopped = [&](const Case& c, const Called& called) { return cannot_check(c, called, id); },
      .explained = [&](const Case& c,
                       const Called& called) { return explained_steps(c, called, pitfall); },
      .report =
          [&](const Case& c, const Called& called, const Steps& steps) {
            Failure f = pitfall_failure(c, called, message(c, steps));
            f.pitfall = id;
            return f;
          },
  };
  return confirmed_on_two(search);
}

}  // namespace grader
