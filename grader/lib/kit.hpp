// The kata kit's steps for a kata whose answer is one tensor with the shape and dtype of its input
// (softmax, rope): whether the result has them, the failure for a case (its inputs, the row where
// got differs most), the failure for a call that threw or returned another shape or dtype (what
// is wrong of the two, typed), the general comparison with the reference and its message, and a
// detector's "could not check". A kata fills in SameShapeKata once (cases.cpp) with its
// mathematics and words; its checks call these instead of each writing them again.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "grader/lib/check.hpp"
#include "grader/lib/compare.hpp"
#include "grader/lib/learner_call.hpp"
#include "kt/tensor.hpp"

namespace grader {

/// What a failure of a same-shape kata says, besides the case: the result's shape and dtype set
/// beside the input's (Wrong typed), the kata's words for each.
Failure wrong_result(const kt::Tensor& got, const kt::Tensor& input, const std::string& shape_words,
                     const std::string& dtype_words);

template <class Case>
struct SameShapeKata {
  /// The input whose shape and dtype the result has (x).
  std::function<const kt::Tensor&(const Case&)> input;
  /// The call as the learner wrote it, for an exception's message: "softmax(x, 1)".
  std::function<std::string(const Case&)> call_text;
  /// What follows "the result has shape S;" ("softmax keeps x's shape [2, 3]", no full stop:
  /// wrong_result adds what the two shapes suggest) and "the result is Float32 for a Float64 x:"
  /// ("return x's dtype (...)").
  std::function<std::string(const Case&)> shape_words;
  std::string dtype_words;
  /// The axis along which the row shown runs (-1: the last).
  std::function<int64_t(const Case&)> row_axis;
  std::function<kt::Tensor(const Case&)> reference;
  /// allclose at the case's tolerance, and that tolerance as text.
  std::function<bool(const Case&, const kt::Tensor&, const kt::Tensor&)> matches;
  std::function<std::string(const Case&)> tolerance;
  /// For a Float64 case, where its dtype comes from ("x's dtype"), for float32_rounding_note.
  std::string float64_from;
  /// The kata's diagnosis of a value failure (diagnose_after_shrinking), or empty.
  std::function<void(Failure&, const Case&)> diagnose;
  /// What the result is called where its values are shown ("expected out[0, :] = ..."): "out",
  /// or the argument a kata updates in place ("param").
  std::string result_name = "out";

  [[nodiscard]] bool shape_ok(const Case& c, const Run& run) const {
    const kt::Tensor& x = input(c);
    return run.ok() && run.out.sizes() == x.sizes() && run.out.dtype() == x.dtype();
  }
  /// The failure for a case, with the row where got differs most from expected.
  [[nodiscard]] Failure failure(const Case& c, const kt::Tensor& got, const kt::Tensor& expected,
                                std::string message) const {
    Failure f;
    f.message = std::move(message);
    f.counterexample = c.describe();
    show_worst_row(got, expected, f, result_name, row_axis ? row_axis(c) : -1);
    return f;
  }
  /// The failure for a call that threw or returned another shape or dtype (not_implemented when
  /// it threw kt::NotImplemented).
  [[nodiscard]] Failure failure_from_run(const Case& c, const Run& run) const {
    Failure f = run.ok() ? wrong_result(run.out, input(c), shape_words(c), dtype_words)
                         : failure_from_throw(run, call_text(c));
    f.counterexample = c.describe();
    // The journey up to the throw (which steps it reached, and the one it did not), or to the step
    // where the shape goes wrong. Not for a wrong dtype alone: its values are the comparison's.
    if ((run.threw_error() || f.wrong == Wrong::Shape || f.wrong == Wrong::ShapeAndDtype) &&
        diagnose)
      diagnose(f, c);
    return f;
  }
  /// The general comparison with the reference, `why` appended to a failure's message.
  [[nodiscard]] std::optional<Failure> compare(const Case& c, const Run& run,
                                               const std::string& why) const {
    if (!shape_ok(c, run)) return failure_from_run(c, run);
    const kt::Tensor expected = reference(c);
    if (matches(c, run.out, expected)) return std::nullopt;
    Failure f = failure(c, run.out, expected,
                        differs_message(run.out, expected, tolerance(c), why,
                                        input(c).dtype() == kt::Float64 ? float64_from : ""));
    if (diagnose) diagnose(f, c);
    return f;
  }
  /// A detector's failure for a call it could not check (it threw or gave another shape or
  /// dtype: a detector compares values at the case's dtype's tolerance, and a Float32 result of a
  /// Float64 case matches no simulation, which is not "not found").
  [[nodiscard]] std::optional<Failure> cannot_check(const Case& c, const Run& run,
                                                    const std::string& id) const {
    if (shape_ok(c, run)) return std::nullopt;
    return could_not_check(failure_from_run(c, run), id);
  }
};

}  // namespace grader
