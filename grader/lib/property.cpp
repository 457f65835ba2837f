#include "grader/lib/property.hpp"

#include <rapidcheck.h>

#include <algorithm>

namespace grader {

Outcome run_property(uint64_t seed, int cases, const std::function<std::optional<Failure>()>& body,
                     const std::vector<std::string>& hidden) {
  std::optional<Failure> last;
  int count = 0;
  const auto property = [&] {
    ++count;
    std::optional<Failure> f = body();
    if (f) {
      last = f;
      RC_FAIL(f->message);
    }
  };
  rc::detail::TestParams params;
  params.seed = seed;
  params.maxSuccess = cases;
  const rc::detail::TestResult result =
      rc::detail::checkTestable(property, rc::detail::TestMetadata{}, params);
  Outcome outcome;
  outcome.cases_run = count;
  rc::detail::FailureResult failure;
  if (result.match(failure)) {
    if (last) outcome.failure = *last;
    // The case as the check describes it, then RapidCheck's other named values (seeds, choices).
    auto& shown = outcome.failure.counterexample;
    for (const auto& [name, value] : failure.counterExample) {
      const bool known = std::find(hidden.begin(), hidden.end(), name) != hidden.end() ||
                         std::any_of(shown.begin(), shown.end(),
                                     [&](const auto& field) { return field.first == name; });
      if (!known) shown.emplace_back(name, value);
    }
    if (!last) outcome.failure.message = failure.description;
    if (outcome.failure.after_shrinking) {
      const auto finish = std::move(outcome.failure.after_shrinking);
      outcome.failure.after_shrinking = nullptr;
      finish(outcome.failure);
    }
    return outcome;
  }
  rc::detail::SuccessResult success;
  if (result.match(success)) {
    outcome.passed = true;
    return outcome;
  }
  outcome.failure.message = "the property could not be checked (gave up or errored)";
  return outcome;
}

kt::Shape draw_leading_axes(int rank_max) {
  const auto rank = *rc::gen::inRange(0, rank_max + 1).as("rank of the leading axes");
  kt::Shape leading;
  for (int a = 0; a < rank; ++a)
    leading.push_back(*rc::gen::inRange<int64_t>(1, 4).as("leading axis " + std::to_string(a)));
  return leading;
}

}  // namespace grader
