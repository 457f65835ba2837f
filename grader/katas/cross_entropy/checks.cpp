// The cross_entropy kata's general checks: a 0-d result of the logits' dtype, agreement with the
// reference on moderate logits, on logits thousands apart, with rows ignored and with every row
// ignored (NaN), inputs left as they were, and a target out of range refused. Each known pitfall
// has its own detector in pitfalls/ID.cpp (see detect.hpp).
#include <rapidcheck.h>

#include "grader/katas/cross_entropy/cases.hpp"
#include "grader/katas/cross_entropy/catalogue.hpp"
#include "grader/lib/words.hpp"

namespace grader::kata_cross_entropy {
namespace {

constexpr int kCases = 100;

Outcome check_shape(uint64_t seed) {
  return run_cross_entropy_property(seed, kCases, [&]() -> std::optional<Failure> {
    const Case c = generate(Spec{});
    const Run run = run_learner(c);
    if (shape_ok(c, run)) return std::nullopt;
    return failure_from_run(c, run);
  });
}

Outcome check_matches_reference(uint64_t seed) {
  return run_cross_entropy_property(seed, kCases, [&]() -> std::optional<Failure> {
    const Case c = generate(Spec{});
    return compare(c, run_learner(c), "");
  });
}

/// Whether the learner's loss on each row of the case alone (a batch of one, the same target,
/// ignore_index and smoothing) equals the reference's there: a mistake that only shows with other
/// rows beside it (round 52: a shift by the whole tensor's maximum).
bool rows_alone_right(const Case& c) {
  for (int64_t i = 0; i < c.logits.size(0); ++i) {
    Case row = c;
    row.logits = c.logits.narrow(0, i, 1).contiguous();
    row.target = c.target.narrow(0, i, 1).contiguous();
    const Run run = run_learner(row);
    if (!shape_ok(row, run) || !matches(row, run.out, run_reference(row))) return false;
  }
  return true;
}

Outcome check_large_logits(uint64_t seed) {
  return run_cross_entropy_property(seed, kCases, [&]() -> std::optional<Failure> {
    Spec spec;
    spec.logits = Logits::Large;
    const Case c = generate(spec);
    std::optional<Failure> f =
        compare(c, run_learner(c),
                " These logits are thousands apart, or all near +-1000: PyTorch's loss is "
                "finite on them. exp overflows past 709 (88 in Float32) and a probability "
                "1000 below its row's largest underflows to 0, so compute log p as logits - "
                "logsumexp(logits) with each row's maximum taken out, never as the log of a "
                "softmax.");
    if (f && c.logits.size(0) > 1 && rows_alone_right(c))
      f->message +=
          " Each row alone, as a batch of one, gives its right loss; together they do not: what "
          "your code takes out of a row depends on the other rows (a maximum over the whole "
          "tensor, or over dim 0, where each row's own is wanted: kt::amax(logits, 1, true)).";
    return f;
  });
}

Outcome check_ignored_rows(uint64_t seed) {
  return run_cross_entropy_property(seed, kCases, [&]() -> std::optional<Failure> {
    Spec spec;
    spec.ignored = Ignored::Some;
    const Case c = generate(spec);
    return compare(c, run_learner(c),
                   " Rows whose target equals ignore_index = " + std::to_string(c.ignore_index) +
                       " leave the loss entirely: the mean runs over the other " +
                       std::to_string(c.kept_rows()) + " rows and divides by their number." +
                       (c.ignore_index >= 0 ? " Here ignore_index is a valid class, and rows of "
                                              "that class are ignored all the same, as in "
                                              "PyTorch."
                                            : ""));
  });
}

Outcome check_every_row_ignored(uint64_t seed) {
  return run_cross_entropy_property(seed, kCases / 4, [&]() -> std::optional<Failure> {
    Spec spec;
    spec.ignored = Ignored::All;
    const Case c = generate(spec);
    return compare(c, run_learner(c),
                   " With no row left, the mean is 0 / 0: PyTorch returns NaN, and so must "
                   "you (no special case is needed: a sum of nothing over a count of 0).");
  });
}

Outcome check_inputs_unchanged(uint64_t seed) {
  return run_cross_entropy_property(seed, kCases / 2, [&]() -> std::optional<Failure> {
    Spec spec;
    spec.ignored = Ignored::Some;
    const Case c = generate(spec);
    const Called called = call_learner_on(c);
    if (!called.run.ok()) return failure_from_run(c, called.run);
    if (called.changed.empty()) return std::nullopt;
    const std::string names = and_list(called.changed);
    return failure(c, called.run.out,
                   "your cross_entropy changed " + names +
                       ": after the call it no longer holds the values it was given. A "
                       "kt::Tensor copy shares its storage (like a torch.Tensor), so an in-place "
                       "op on it (copy_, fill_, masked_fill_) writes into the caller's tensor: "
                       "masking the ignored rows in place changes target. Compute into new "
                       "tensors (kt::where, masked_fill without the underscore).");
  });
}

Outcome check_bad_target_throws(uint64_t seed) {
  return run_cross_entropy_property(seed, kCases / 4, [&]() -> std::optional<Failure> {
    Spec spec;
    spec.float64_only = true;
    Case c = generate(spec);
    const int64_t classes = c.logits.size(1);
    const auto row = *rc::gen::inRange<int64_t>(0, c.logits.size(0)).as("the row out of range");
    c.target = c.target.clone();
    c.target.set({row}, double(classes));
    const Run run = run_learner(c);
    if (run.not_implemented || run.out_of_memory) return failure_from_run(c, run);
    if (!run.ok() && run.exception == "kt::Error") return std::nullopt;
    Failure f;
    f.message =
        "row " + std::to_string(row) + "'s target is " + std::to_string(classes) +
        ", outside [0, C) = [0, " + std::to_string(classes) +
        ") and not ignore_index, so the call must throw kt::IndexError; it " +
        (run.ok() ? "returned a loss of " +
                        texts_that_differ(run.out.to(kt::Float64).reshape({1}).item(), 0).first
                  : "threw " + run.error) +
        ". kt::gather(logits, 1, target.unsqueeze(1)) throws it by itself, naming the "
        "row; code that indexes by hand must check the target first.";
    f.counterexample = c.describe();
    return f;
  });
}

const Registrar registered_shape({"shape",
                                  "cross_entropy returns a 0-d tensor of the logits' dtype",
                                  check_shape});
const Registrar registered_matches_reference(
    {"matches_reference",
     "the loss equals the reference on logits of 3 * randn, label "
     "smoothing 0, 0.1 or 0.3",
     check_matches_reference});
const Registrar registered_large_logits({"large_logits",
                                         "logits thousands apart give PyTorch's finite loss",
                                         check_large_logits});
const Registrar registered_ignored_rows(
    {"ignored_rows", "rows whose target is ignore_index (-100 or a class) are left out",
     check_ignored_rows});
const Registrar registered_every_row_ignored({"every_row_ignored", "every row ignored gives NaN",
                                              check_every_row_ignored});
const Registrar registered_inputs_unchanged({"inputs_unchanged",
                                             "logits and target are not modified",
                                             check_inputs_unchanged});
const Registrar registered_bad_target_throws(
    {"bad_target_throws", "a target outside [0, C) that is not ignore_index throws",
     check_bad_target_throws});

}  // namespace
}  // namespace grader::kata_cross_entropy
