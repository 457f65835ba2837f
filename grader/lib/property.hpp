// A check as a RapidCheck property: random cases from a seed, shrinking to the smallest failing
// one, reported as an Outcome a learner can read.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "grader/lib/check.hpp"

namespace grader {

/// Runs body as a RapidCheck property: `cases` random cases from seed, shrinking to the smallest
/// failing one. body draws its inputs with named generators (`*rc::gen::inRange(1, 9).as("n")`)
/// and returns a Failure for a failing case. The Outcome's counterexample is the failure's own,
/// followed by RapidCheck's named values that it does not already show (minus `hidden` ones).
Outcome run_property(uint64_t seed, int cases, const std::function<std::optional<Failure>()>& body,
                     const std::vector<std::string>& hidden = {});

}  // namespace grader
