#include "grader/lib/learner_call.hpp"

#include "grader/lib/remote.hpp"

namespace grader {

Failure failure_from_throw(const Run& run, const std::string& what) {
  Failure f;
  if (run.out_of_memory) f.stop = Stop::OutOfMemory;
  f.not_implemented = run.not_implemented;
  f.message = what + (run.returned_undefined ? " " : " threw instead of returning: ") + run.error;
  if (!run.returned_undefined) {
    f.threw = run.error;
    f.exception = run.exception;
    // (The call that threw is, in every kata, the last one made before its failure is built;
    // where_it_threw checks that the call made again ends at an op that threw.)
    if (run.threw_error()) f.call_again = remote::last_call_again();
  }
  return f;
}

Failure could_not_check(Failure f, const std::string& id) {
  f.message = "could not check for " + id + ": " + f.message;
  f.unchecked = id;
  f.skipped = !f.error();
  return f;
}

std::optional<Failure> value_error_expected(
    const Run& run, const std::function<Failure()>& stopped, const std::string& what,
    const std::string& returned, const std::string& advice,
    const std::vector<std::pair<std::string, std::string>>& counterexample,
    const std::string& why_more) {
  if (run.not_implemented || run.out_of_memory) return stopped();
  if (run.value_error) return std::nullopt;
  Failure f;
  f.message = what +
              " is outside the API, so the call must throw kt::ValueError saying which argument "
              "and why" +
              why_more + "; it " + (run.ok() ? returned : "threw " + run.error) + ". " + advice;
  f.counterexample = counterexample;
  return f;
}

}  // namespace grader
