// What a call into the learner's code did (grader::Run, made in the learner's process:
// grader/channel/learner_run.hpp), as a check's failure.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "grader/channel/learner_run.hpp"
#include "grader/lib/check.hpp"

namespace grader {

/// The failure for a call that threw: "<what> threw instead of returning: <error>" (or "<what>
/// returned an undefined ..."). A resource
/// limit is an error (not a wrong answer); kt::NotImplemented marks the failure not_implemented.
/// A detector's failure on a case it could not check (the learner's call threw or returned another
/// shape): f, the kata's failure for that call, as "could not check for ID: ...", skipped unless it
/// stopped on a resource limit (then an error); not_implemented is kept (the stub: not started).
Failure could_not_check(Failure f, const std::string& id);

Failure failure_from_throw(const Run& run, const std::string& what);

/// A call given an argument outside the API (what: "top_p = 1.5 (it must be in (0, 1])") must
/// throw kt::ValueError: none when it did; stopped() (the kata's failure for the call) when it is
/// not implemented or ran out of memory; else the failure "WHAT is outside the API, so the call
/// must throw kt::ValueError saying which argument and why[WHY_MORE]; it RETURNED (or threw
/// ERROR). ADVICE", its counterexample the case's.
std::optional<Failure> value_error_expected(
    const Run& run, const std::function<Failure()>& stopped, const std::string& what,
    const std::string& returned, const std::string& advice,
    const std::vector<std::pair<std::string, std::string>>& counterexample,
    const std::string& why_more = "");

/// What the learner's code did with fresh copies of a case's inputs: the Run, and which inputs it
/// changed ("x", "weight"; empty when none), for a kata's inputs_unchanged check.
struct CallWithInputs {
  Run run;
  std::vector<std::string> changed;
};

}  // namespace grader
