#include "grader/lib/property.hpp"

#include <rapidcheck.h>

#include <algorithm>
#include <optional>

namespace grader {

namespace {

/// One run of a property: RapidCheck's result, the failure of its smallest failing case (the last
/// case that failed: a failing shrink is always taken) and how many cases ran.
struct Pass {
  std::optional<rc::detail::TestResult> result;  // set by run_pass
  std::optional<Failure> last;
  int count = 0;
};

/// What the second run looks for: a result of the right shape and dtype whose values fail (a
/// general check's failure, a detector's pitfall), not a wrong shape, a throw or a detector that
/// could not check.
bool about_values(const Failure& f) {
  return f.wrong == Wrong::None && f.threw.empty() && !f.skipped;
}

/// Runs body from seed. With past_wrong_results, a case that is not about_values counts as
/// passing: it says nothing more about the values.
Pass run_pass(uint64_t seed, int cases, const std::function<std::optional<Failure>()>& body,
              bool past_wrong_results, bool shrink) {
  Pass pass;
  const auto property = [&] {
    ++pass.count;
    std::optional<Failure> f = body();
    if (!f) return;
    if (past_wrong_results && !about_values(*f)) return;
    pass.last = std::move(f);
    RC_FAIL(pass.last->message);
  };
  rc::detail::TestParams params;
  params.seed = seed;
  params.maxSuccess = cases;
  params.disableShrinking = !shrink;
  pass.result = rc::detail::checkTestable(property, rc::detail::TestMetadata{}, params);
  return pass;
}

/// The Outcome of a pass: its smallest failing case as the check describes it, then RapidCheck's
/// other named values (seeds, choices) not already shown and not hidden.
Outcome outcome_of(Pass& pass, const std::vector<std::string>& hidden) {
  Outcome outcome;
  outcome.cases_run = pass.count;
  rc::detail::FailureResult failure;
  if (pass.result->match(failure)) {
    if (pass.last) outcome.failure = std::move(*pass.last);
    auto& shown = outcome.failure.counterexample;
    for (const auto& [name, value] : failure.counterExample) {
      const bool known = std::find(hidden.begin(), hidden.end(), name) != hidden.end() ||
                         std::any_of(shown.begin(), shown.end(), [&key = name](const auto& field) {
                           return field.first == key;
                         });
      if (!known) shown.emplace_back(name, value);
    }
    if (!pass.last) outcome.failure.message = failure.description;
    return outcome;
  }
  rc::detail::SuccessResult success;
  if (pass.result->match(success)) {
    outcome.passed = true;
    return outcome;
  }
  outcome.failure.message = "the property could not be checked (gave up or errored)";
  return outcome;
}

void finish(Outcome& outcome) {
  if (outcome.passed || !outcome.failure.after_shrinking) return;
  const auto after = std::move(outcome.failure.after_shrinking);
  outcome.failure.after_shrinking = nullptr;
  after(outcome.failure);
}

}  // namespace

// Note [past a wrong shape]
// A result of the wrong shape or dtype fails every check that compares values, and a detector
// cannot look for its pitfall in it: one mistake would hide all the others (a flash attention with
// the wrong output width that also forgets the final division showed only the width). So when a
// check's smallest failing case is a wrong shape or dtype, the check runs again from the same seed
// with such cases set aside, on the cases where the result comes out with the right shape and
// dtype (d_v = d, the dtype the code happens to return, ...): what fails there is a mistake in the
// values, and it is the check's result instead, its message saying so; the wrong shape itself
// stays the result of the checks that see nothing else (the shape check, and every check where the
// values are right whenever the shape is). Nothing passes that failed: a check whose cases all
// come out wrong, or right in value, keeps its first failure. In the second run a case of the
// wrong shape counts as passing rather than discarded (and so does one that throws, or that a
// detector could not check: the checks that meet it first report it): RapidCheck grows its cases
// with the passing ones, and discarding the small cases, which many wrong shapes have, would keep
// them small until it gave up. So the second run costs at most the check's cases once more, and
// shrinks only through cases of the right shape.

Outcome run_property(uint64_t seed, int cases, const std::function<std::optional<Failure>()>& body,
                     const std::vector<std::string>& hidden, bool shrink) {
  Pass first = run_pass(seed, cases, body, false, shrink);
  Outcome outcome = outcome_of(first, hidden);
  if (outcome.passed || outcome.failure.wrong == Wrong::None || outcome.failure.error()) {
    finish(outcome);
    return outcome;
  }
  Pass second = run_pass(seed, cases, body, true, shrink);
  rc::detail::FailureResult found;
  if (!second.result->match(found)) {
    finish(outcome);
    return outcome;
  }
  const Wrong wrong = outcome.failure.wrong;
  const int cases_run = outcome.cases_run + second.count;
  outcome = outcome_of(second, hidden);
  outcome.cases_run = cases_run;
  outcome.failure.message += std::string(" (On other cases your result has the wrong ") +
                             report::wrong_name(wrong) +
                             ", reported apart; on this one it comes out right, so its values "
                             "can be compared.)";
  finish(outcome);
  return outcome;
}

kt::Shape draw_leading_axes(int rank_max) {
  const auto rank = *rc::gen::inRange(0, rank_max + 1).as("rank of the leading axes");
  kt::Shape leading;
  for (int a = 0; a < rank; ++a)
    leading.push_back(*rc::gen::inRange<int64_t>(1, 4).as("leading axis " + std::to_string(a)));
  return leading;
}

kt::Shape draw_rows_shape(const RowsShape& s) {
  const auto rank = *rc::gen::inRange(s.rank_min, s.rank_max + 1).as("rank of x");
  kt::Shape shape;
  for (int a = 0; a + 1 < rank; ++a)
    shape.push_back(
        *rc::gen::inRange(s.size_min, s.size_max + 1).as("size of axis " + std::to_string(a)));
  if (s.d_min_last && s.d_max > s.d_min) {
    const auto drawn = *rc::gen::inRange(s.d_min + 1, s.d_max + 2).as("D (the last axis)");
    shape.push_back(drawn > s.d_max ? s.d_min : drawn);
  } else {
    shape.push_back(*rc::gen::inRange(s.d_min, s.d_max + 1).as("D (the last axis)"));
  }
  return shape;
}

kt::Dtype draw_dtype(bool float64_only) {
  if (float64_only) return kt::Float64;
  const auto name = *rc::gen::element(std::string("Float64"), std::string("Float32")).as("dtype");
  return name == "Float32" ? kt::Float32 : kt::Float64;
}

}  // namespace grader
