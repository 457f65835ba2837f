// A kata whose mistakes are switches of one simulation (its Steps; pitfalls_made(steps) says which
// pitfalls a setting makes): the search every such kata's detectors share.
#pragma once

#include <optional>
#include <vector>

namespace grader {

// Note [a pitfall explained by a searched simulation]
// A detector tries every setting of the kata's switches it searches (searched_steps) and names its
// pitfall when every setting that reproduces the learner's output makes the pitfall: two mistakes
// are then named both (each detector finds its own), an output some setting reproduces without the
// pitfall is not named, and one no setting reproduces is named with none. The first setting found
// is the one the message describes.

/// The first of `searched` that reproduces the output (reproduces(steps)) and makes `pitfall`
/// (made(steps).*pitfall), when every one that reproduces it makes the pitfall; none otherwise.
template <class Steps, class Made, class MadeOf, class Reproduces>
std::optional<Steps> explained_by(const std::vector<Steps>& searched, bool Made::*pitfall,
                                  const MadeOf& made, const Reproduces& reproduces) {
  std::optional<Steps> with;
  for (const Steps& steps : searched) {
    if (!reproduces(steps)) continue;
    if (!(made(steps).*pitfall)) return std::nullopt;  // explained without it
    if (!with) with = steps;
  }
  return with;
}

/// The settings of `searched` at most one switch away from the right computation: slips(steps)
/// counts the switches that differ from Steps{}.
template <class Steps, class Slips>
std::vector<Steps> one_slip_at_most(const std::vector<Steps>& searched, const Slips& slips) {
  std::vector<Steps> one;
  for (const Steps& s : searched)
    if (slips(s) <= 1) one.push_back(s);
  return one;
}

}  // namespace grader
