// What the softmax kata's pitfall detectors share. Each detector lives in pitfalls/ID.cpp and
// registers the check "pitfall_ID"; kata.toml gives its points.
//
// Note [softmax detectors]
// A detector names its pitfall only on a positive signature, on cases where the other pitfalls
// cannot hide or fake it:
// - no_max_subtraction is a metamorphic relation, whatever else is wrong: softmax(x + c) equals
//   softmax(x) for any constant c, and a solution that subtracts a maximum (along any axis) keeps
//   that to within rounding, while exp(x + 1000) overflows. Signature: the solution is finite on
//   moderate x and non-finite on x + 1000 or x - 1000, or gives weights on x (values in [0, 1]
//   that sum to 1 along some axis) that move by more than 0.01 (logits clamped before exp). An
//   output that is no weights at all (x returned as it is) moves with x and is not this pitfall.
// - softmax_wrong_dim and max_over_wrong_dim use dim 0 (or -rank) with every axis >= 2: there a
//   sum or max taken without keepdim still lines up (so the keepdim mistakes cannot show), and an
//   axis other than dim exists. Their signatures are the output of the mistake (mistakes.hpp).
// - sum_without_keepdim uses cubes (so the misplaced sums broadcast instead of throwing), dim not
//   the first axis, and logits whose every slice has the same maximum (so any mistake in the
//   maximum cancels out).
// max_over_wrong_dim's second form (the maxima without keepdim) shows only on cubes with dim not
// the first axis, where its detector also looks; a solution with both keepdim mistakes is named
// sum_without_keepdim only (the sums hide the maxima there).
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "grader/katas/softmax/cases.hpp"

namespace grader::kata_softmax {

/// Cases per detector.
inline constexpr int kDetectorCases = 40;

/// A detector's failure for a call that threw or returned another shape: "could not check for
/// ID: ..." (not_implemented when it threw kt::NotImplemented: the stub reads as not started).
/// A result of the right shape in another dtype is checked all the same (`shape` reports it).
std::optional<Failure> cannot_check(const Case& c, const Run& run, const std::string& id);

/// The first axis other than the case's dim along which `mistake(axis)` (a Float64 tensor) equals
/// got at the case's tolerance, if any.
std::optional<int64_t> other_axis_matching(const Case& c, const kt::Tensor& got,
                                           const std::function<kt::Tensor(int64_t)>& mistake);

/// A detector's finding: its pitfall id, the explanation, and where got differs most from the
/// reference.
Failure found_pitfall(const Case& c, const kt::Tensor& got, const char* id, std::string message);

}  // namespace grader::kata_softmax
