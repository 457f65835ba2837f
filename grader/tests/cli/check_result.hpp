// A check's result as the CLI's tests build them: an id, a status and a message, one point; a
// detector's that could not check; what the code threw.
#pragma once

#include <string>

#include "grader/cli/reports/result.hpp"

namespace cli::testing {

inline TestResult check(const std::string& id, Status status, const std::string& message = "") {
  TestResult t;
  t.id = id;
  t.status = status;
  t.message = message;
  t.max_points = 1;
  t.points = status == Status::Pass ? 1 : 0;
  return t;
}

/// A detector's result that could not check for `what`, as grader::could_not_check reports it.
inline TestResult could_not_check(const std::string& id, const std::string& what,
                                  const std::string& rest) {
  TestResult t = check(id, Status::Skipped, "could not check for " + what + ": " + rest);
  t.unchecked = what;
  return t;
}

/// The learner's code threw `kind` ("kt::ViewError"), as the learner's process names it.
inline void threw(TestResult& t, const std::string& kind, const std::string& what) {
  t.exception = kind;
  t.threw = kind + ": " + what;
}

}  // namespace cli::testing
