// What the softmax kata's pitfall detectors share. Each detector lives in pitfalls/ID.cpp and
// registers the check "pitfall_ID"; kata.toml gives its points.
//
// Note [softmax detectors]
// A detector names its pitfall only on a positive signature, on cases where the other pitfalls
// cannot hide or fake it:
// - no_max_subtraction is a metamorphic relation, whatever else is wrong: softmax(x + c) equals
//   softmax(x) for any constant c, and a solution that subtracts a maximum (along any axis) keeps
//   that to within rounding, while exp(x + 1000) overflows and exp(x - 1000) underflows.
//   Signature: the solution is finite on moderate x, wrong on both x + 1000 and x - 1000, and NaN
//   or inf on one of them (an unshifted exp, wherever it is, breaks both). A shift by an amount
//   that can exceed the maximum (the largest |x|) is right on x + 1000 and is not this pitfall;
//   neither is a result that moves but stays finite (logits clamped before exp). Its cases have
//   dim first, where a sum or max taken without keepdim still lines up.
// - The other three are choices in one computation, exp(x - m) / s (Steps in mistakes.hpp): the
//   axis of the sums and whether they keep it, the axis of the maxima and whether they keep it.
//   A detector searches every such computation (searched_steps) and names its pitfall when the
//   output equals one that makes it and none that does not (steps_with), so a solution with two
//   of the mistakes is named with both and an output no choice explains is named with none. The
//   pitfalls of a computation (pitfalls_made), with A the sums' axis and K the maxima's:
//   softmax_wrong_dim when neither A nor K is dim (the solution reduces along another axis; the
//   maximum along dim and the sums along another axis is no named pitfall, but the catalogue's
//   sum_over_last_axis); sum_without_keepdim when the sums drop an axis that is not the first;
//   max_over_wrong_dim when K is neither A nor dim, or the maxima drop an axis that is not the
//   first (a reduction without keepdim along the first axis lines up: it is the right one).
//   Their cases are cubes of side 3 or 4 (a reduction without keepdim along any axis broadcasts
//   there instead of throwing; side 2 has coincidences, see cube_not_first), Moderate logits for
//   softmax_wrong_dim and max_over_wrong_dim, with any dim (a reduction along another axis than
//   the right one shows with every dim but that axis); EqualMaxima with dim not first for
//   sum_without_keepdim (any mistake of the maxima along dim cancels out there).
// The maxima without keepdim are searched along the sums' axis, beside sums with keepdim and
// without: a solution that drops both axes (solutions/softmax/pitfalls/both_without_keepdim.cpp)
// is named with both pitfalls.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "grader/katas/softmax/cases.hpp"
#include "grader/katas/softmax/mistakes.hpp"

namespace grader::kata_softmax {

/// Cases per detector.
inline constexpr int kDetectorCases = 40;

/// A detector's failure for a call that threw or returned another shape: "could not check for
/// ID: ..." (not_implemented when it threw kt::NotImplemented: the stub reads as not started).
/// A result of the right shape in another dtype is checked all the same (`shape` reports it).
std::optional<Failure> cannot_check(const Case& c, const Run& run, const std::string& id);

/// The pitfalls a solution that computes `steps` makes on a case at `axis` (dim counted from the
/// front; so are the steps' axes), Note [softmax detectors].
struct Made {
  bool softmax_wrong_dim = false, max_over_wrong_dim = false, sum_without_keepdim = false;
};
Made pitfalls_made(const Steps& steps, int64_t axis);

/// The computations the detectors search on x of `rank` axes (Note [softmax detectors]): the sums
/// along any axis, with keepdim or without; the maxima along any axis with keepdim, or along the
/// sums' axis without. Axes counted from the front.
std::vector<Steps> searched_steps(int64_t rank);

/// The searched steps that compute got on the case (at its tolerance) and make the pitfall
/// `pitfall`, if some do and none that do not make it computes got too.
std::optional<Steps> steps_with(const Case& c, const kt::Tensor& got, bool Made::*pitfall);

/// A detector's finding: its pitfall id, the explanation, and where got differs most from the
/// reference.
Failure found_pitfall(const Case& c, const kt::Tensor& got, const char* id, std::string message);

}  // namespace grader::kata_softmax
