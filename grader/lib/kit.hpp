// The kata kit's steps for a kata whose answer is one tensor with the shape and dtype of its input
// (softmax, rope): whether the result has them, the failure for a case (its inputs, the row where
// got differs most), the failure for a call that threw or returned another shape or dtype (what
// is wrong of the two, typed), the shape check, the general comparison with the reference and its
// message, a detector's "could not check" and its verdict over the kata's searched simulation, and
// the kit's part of its diagnosis. A kata fills in SameShapeKata once (cases.cpp) with its
// mathematics and words; its checks call these instead of each writing them again.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "grader/lib/check.hpp"
#include "grader/lib/compare.hpp"
#include "grader/lib/diagnosis.hpp"
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
  /// The learner's call on a case (run_learner), for the detectors.
  std::function<Run(const Case&)> call;
  /// The call as the learner wrote it, for an exception's message: "softmax(x, 1)".
  std::function<std::string(const Case&)> call_text;
  /// What follows "the result has shape S;" ("softmax keeps x's shape [2, 3]", no full stop:
  /// wrong_result adds what the two shapes suggest) and "the result is Float32 for a Float64 x:"
  /// ("return x's dtype (...)").
  std::function<std::string(const Case&)> shape_words;
  std::string dtype_words =
      "return x's dtype (convert back with .to(x.dtype()) if you computed in another).";
  /// The axis along which the row shown runs (unset: the last).
  std::function<int64_t(const Case&)> row_axis = {};
  std::function<kt::Tensor(const Case&)> reference;
  /// allclose at the case's tolerance, and that tolerance as text.
  std::function<bool(const Case&, const kt::Tensor&, const kt::Tensor&)> matches;
  std::function<std::string(const Case&)> tolerance;
  /// For a Float64 case, where its dtype comes from ("x's dtype"), for float32_rounding_note.
  std::string float64_from = "x's dtype";
  /// The kata's diagnosis of a value failure (diagnose_after_shrinking), or empty.
  std::function<void(Failure&, const Case&)> diagnose = {};
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
  /// The shape check: none when the result has the input's shape and dtype, else
  /// failure_from_run (another shape diagnosed too: sums without keepdim, ...).
  [[nodiscard]] std::optional<Failure> shape_check(const Case& c, const Run& run) const {
    if (shape_ok(c, run)) return std::nullopt;
    return failure_from_run(c, run);
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
  /// d with the kit's part of the kata's diagnosis (grader/lib/diagnosis.hpp) filled in: the
  /// failing case compared when its input is Float64, the learner's result and the reference.
  [[nodiscard]] Diagnosis<Case> diagnosis(Diagnosis<Case> d) const {
    d.keeps_failing = [in = input](const Case& c) { return in(c).dtype() == kt::Float64; };
    d.learner = [run = call](const Case& c) { return run(c).out; };
    d.reference = reference;
    return d;
  }
  /// A detector's verdict on one case (Note [a pitfall explained by a searched simulation] in
  /// grader/lib/searched.hpp): could not check; nothing when the result is right or `explained`
  /// finds no steps for it; else the failure named `id` with message(case, steps), once the same
  /// case called again gives the same result (code with a state of its own, such as a counter,
  /// can match a pitfall's computation on one call by chance).
  template <class Steps>
  [[nodiscard]] std::optional<Failure> detected(
      const Case& c, const std::string& id,
      const std::function<std::optional<Steps>(const kt::Tensor& got)>& explained,
      const std::function<std::string(const Case&, const Steps&)>& message) const {
    const Run run = call(c);
    if (auto stopped = cannot_check(c, run, id)) return stopped;
    const kt::Tensor expected = reference(c);
    if (matches(c, run.out, expected)) return std::nullopt;
    const std::optional<Steps> steps = explained(run.out);
    if (!steps) return std::nullopt;
    const Run again = call(c);
    if (!again.ok() || !identical(again.out, run.out)) return std::nullopt;
    Failure f = failure(c, run.out, expected, message(c, *steps));
    f.pitfall = id;
    return f;
  }
};

}  // namespace grader
