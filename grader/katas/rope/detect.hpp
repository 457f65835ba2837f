// What the rope kata's pitfall detectors share. Each detector lives in pitfalls/ID.cpp and
// registers the check "pitfall_ID"; kata.toml gives its points.
//
// Note [rope detectors]
// The four pitfalls are four independent switches of one computation (mistakes.hpp): which slots
// form a pair, which positions, which frequencies, which direction. A detector names its pitfall
// when the output equals the reference run with its switch on and the other three in any of their
// settings (2 x 2 x 7 x 2 = 56 simulations), so a solution with two of the mistakes is named with
// both. Its cases make every switch show (detector_spec()): start_pos >= 1 (positions from 0 differ
// from positions from start_pos), T >= 2 (so a row other than the first turns), d >= 4 (with one
// pair, both pairings are the same and only pair 0 exists, whose frequency is 1 in four of the five
// frequency rules), Float64, base 10000. On those cases the 56 outputs differ pairwise for random
// x (a coincidence needs an angle equal modulo 2 pi for every row and pair), but for frequencies
// over T, which are those over d/2 where T = d/2 and the right ones where T = d: a combination is
// named once it explains a case of another length too (Note [a rope pitfall confirmed on another
// length] in detect.cpp).
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "grader/katas/rope/cases.hpp"
#include "grader/katas/rope/mistakes.hpp"

namespace grader::kata_rope {

/// Cases per detector.
inline constexpr int kDetectorCases = 40;

/// A detector's failure for a call that threw or returned another shape: "could not check for
/// ID: ..." (not_implemented when it threw kt::NotImplemented: the stub reads as not started).
/// A result of the right shape in another dtype is checked all the same (`shape` reports it).
std::optional<Failure> cannot_check(const Case& c, const Run& run, const std::string& id);

/// The combinations of the four pitfalls' mistakes (Note [rope detectors]) with `wanted` true
/// whose output equals got, in the search's order.
std::vector<Mistakes> pitfall_combinations(const Case& c, const kt::Tensor& got,
                                           const std::function<bool(const Mistakes&)>& wanted);

/// The case's start_pos and base with x of another length, neither d/2 nor d (Note [a rope
/// pitfall confirmed on another length] in detect.cpp).
Case another_length(const Case& c);

/// The detector of one of the four mistakes: on detector_spec() cases, names `id` with
/// message(case, matching combination) when the output is wrong and equals a combination with the
/// mistake `wanted` picks, here and on a case of another length (another_length).
Outcome detect_mistake(uint64_t seed, const char* id,
                       const std::function<bool(const Mistakes&)>& wanted,
                       const std::function<std::string(const Case&, const Mistakes&)>& message);

/// A detector's finding: its pitfall id, the explanation, and where got differs most from the
/// reference.
Failure found_pitfall(const Case& c, const kt::Tensor& got, const char* id, std::string message);

}  // namespace grader::kata_rope
