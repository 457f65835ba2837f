#include "grader/lib/mha/detect.hpp"

#include <utility>

namespace grader::mha {

Failure cannot_check(const Case& c, const Run& run, const std::string& what) {
  Failure f = failure_from_run(c, run);  // keeps f.error for a resource limit
  f.message = "could not check for " + what + ": " + f.message;
  return f;
}

Failure found_pitfall(const Case& c, const Run& run, const char* id, std::string message) {
  Failure f;
  f.pitfall = id;
  f.counterexample = c.describe();
  f.message = std::move(message);
  show_worst_row(run.out, run_reference(c), f);
  return f;
}

bool computes_mistake(const Case& c, const kt::Tensor& got, const Mistakes& mistakes) {
  return close(got, run_mistakes(c, mistakes)) && !close(got, run_reference(c));
}

}  // namespace grader::mha
