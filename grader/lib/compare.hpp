// How every kata's checks compare a learner's output with the reference, and show where they
// differ. One tolerance for the whole grader: two correct float64 implementations differ by about
// 1e-15 relative; rtol 1e-9 leaves a million-fold margin and still catches every real mistake.
#pragma once

#include <string>
#include <utility>

#include "grader/lib/check.hpp"
#include "kt/tensor.hpp"

namespace grader {

inline constexpr double kRtol = 1e-9;
inline constexpr double kAtol = 1e-12;

/// Both defined, the same shape, and allclose(got as float64, expected, rtol, atol).
bool close(const kt::Tensor& got, const kt::Tensor& expected, double rtol = kRtol,
           double atol = kAtol);
/// close(), except that NaN equals NaN: whether the learner's output is what a catalogued mistake
/// computes, NaN where it has NaN (a mistake that divides 0 by 0 on a masked entry, say).
bool same_as_mistake(const kt::Tensor& got, const kt::Tensor& mistake);
/// No NaN, no ±inf.
bool all_finite(const kt::Tensor& t);
/// Both defined, the same shape, and the same values bit for bit (compared as float64), a NaN in
/// the same place of both counting as the same: "nothing changed" for a metamorphic check.
bool identical(const kt::Tensor& a, const kt::Tensor& b);
/// Finite and of a sane magnitude (|x| < 1e100): a mask applied with finfo.min in the wrong place
/// gives values near 1e308 that are still finite.
bool sane(const kt::Tensor& t);
/// Both finite, the same shape, not identical, and apart by rounding only: |a - b| at most 1e-12
/// times max(1, |a|) everywhere (a causal output moved in its last bits by a value the later
/// tokens change).
bool apart_by_rounding_only(const kt::Tensor& a, const kt::Tensor& b);
/// " The outputs moved by rounding only (2.78e-17 at most): ..." for a causality check whose
/// earlier outputs before and after differ by rounding only; "" otherwise.
std::string rounding_only_causality(const kt::Tensor& before, const kt::Tensor& after);

/// For a float64 task: " The difference is tiny (about 2e-06 relative), the size float32 arithmetic
/// leaves: keep every step in DTYPE." when got is finite, within 1e-4 relative of expected
/// everywhere and made of float32 values; within 5e-7 (a few float32 roundings) but not float32's
/// values, the note also names a small term (eps) placed otherwise; else empty. Appended to a
/// failed comparison's message.
std::string float32_rounding_note(const kt::Tensor& got, const kt::Tensor& expected,
                                  const std::string& dtype);

/// The message of a general check whose result has the right shape but not the reference's values:
/// "the result differs from the reference: allclose fails at TOLERANCE." (or "the result has NaN
/// or inf where the reference is finite."), then `why`, then, for a case computed in Float64
/// (`dtype` names where that dtype comes from), float32_rounding_note.
std::string differs_message(const kt::Tensor& got, const kt::Tensor& expected,
                            const std::string& tolerance, const std::string& why,
                            const std::string& float64_from = "");

/// "[0.1234, -2.5, nan, ...]": the first values of a tensor, flattened, `digits` significant.
std::string slice_text(const kt::Tensor& t, int64_t max_values = 6, int digits = 6);

/// Two numbers as text, with as many significant digits as it takes (6 to 17) for them to print
/// differently when they differ: {"2.0173712", "2.0173745"}, not "2.01737" twice.
std::pair<std::string, std::string> texts_that_differ(double a, double b);

/// A case's input as text: kt::repr when it has at most 24 values, else its first 12 values
/// ("[...] (the first 12 of 96 values, row-major)").
std::string values_text(const kt::Tensor& t);

/// "largest |got - expected| = 0.293; got = 0.707107 x expected, everywhere" (the ratio only when
/// it is the same for every element and not 1); empty when either has NaN/Inf or they are equal.
std::string difference_text(const kt::Tensor& got, const kt::Tensor& expected);

/// Fills failure.expected / failure.got with the slice along `axis` (the last one by default) where
/// got differs most from expected (NaN counts as the largest difference), e.g.
/// "out[1, 0, :] = [...]", or "out[:, 2] = [...]" along axis 0; "out = 0.25" for a 0-d result.
/// Leaves them empty when the shapes differ.
void show_worst_row(const kt::Tensor& got, const kt::Tensor& expected, Failure& failure,
                    const std::string& name = "out", int64_t axis = -1);

}  // namespace grader
