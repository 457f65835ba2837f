// Where a learner's call threw: the op of theirs that threw, and where each of its inputs came
// from (an input of the call, or the result of which op). A thrown error names a kt op ("view:
// shape '[2, 1, 1]' is invalid for input of size 1") but not which of the learner's views, nor on
// what: readers of such a report could not find the line (docs/feedback.md, rounds 7 and 8).
#pragma once

#include <string>

#include "grader/lib/check.hpp"
#include "grader/lib/journey.hpp"

namespace grader {

/// The lines that say where the traced call threw: its last op, when that op threw (the call ended
/// there), and each input's shape and source ("mask, as the call gave it"; "the result of #7
/// transpose(-2, -1) of v -> [1, 2, 1]"). Empty when the call did not end at an op that threw.
/// `journey_elsewhere`: the report's journey is on another case, which is said. `journey_case`:
/// the call traced is the journey's own case (it threw there too), so its op numbers are the
/// journey's.
std::string where_it_threw(const LearnerTrace& traced, bool journey_elsewhere = false,
                           bool journey_case = false);

/// When f is a call that threw a kt error and can be made again (Failure::call_again): its
/// where_threw, from the call made again under a trace (values kept when the ops it makes are
/// small enough to copy; otherwise shapes only), if it throws the same error again.
void locate_throw(Failure& f);

}  // namespace grader
