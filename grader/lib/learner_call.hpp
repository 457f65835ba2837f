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
Failure failure_from_throw(const Run& run, const std::string& what);

}  // namespace grader
