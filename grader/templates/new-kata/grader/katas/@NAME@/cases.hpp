// Random cases for the @NAME@ kata's checks, the call into the learner's code, and output
// failures (comparison: grader/lib/compare.hpp). TODO(new-kata): the inputs of the kata's own task.
#pragma once

#include "grader/lib/kata.hpp"

namespace grader::kata_@NAME@ {

struct Case {
  kt::Tensor x;
  /// The inputs as a learner should see them with a failure.
  [[nodiscard]] std::vector<std::pair<std::string, std::string>> describe() const;
};

/// Draws a case inside a RapidCheck property (sizes named, so shrinking shows them).
Case generate();

/// Calls the learner's code on the case (grader::Run: its output, or what it threw, named).
Run run_learner(const Case& c);
kt::Tensor run_reference(const Case& c);

/// The failure for a case: what was expected, what came out, the inputs (and, when the call threw
/// kt::NotImplemented, not_implemented: the stub reads as not started).
Failure failure(const Case& c, const Run& run, std::string message);
/// The failure for a call that threw (not_implemented when it threw kt::NotImplemented).
Failure failure_from_run(const Case& c, const Run& run);

}  // namespace grader::kata_@NAME@
