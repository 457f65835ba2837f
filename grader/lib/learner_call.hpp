// What a call into the learner's code did (grader::Run, made in the learner's process:
// grader/channel/learner_run.hpp), as a check's failure.
#pragma once

#include <string>

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

}  // namespace grader
