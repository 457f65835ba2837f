// What a grader check is and what it reports. A kata's checks register themselves (a
// namespace-scope `const Registrar registered_ID({"ID", title, function});`: the variable named
// after the check, so two check files compiled as one never shadow a name) in the kata's check
// library, which is linked with the learner's object into one runner executable
// (grader/runner/runner_main.cpp).
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "grader/report/finding.hpp"

namespace grader {

using AttentionMap = report::AttentionMap;
using report::Stop;
using report::Wrong;

/// The smallest failing case of a check, after shrinking, ready to show a learner: what it found
/// (report::Finding, the fields every report shows) and how the runner reports it.
struct Failure : report::Finding {
  /// The check could not test what it is for: the learner's call on its case threw or returned
  /// another shape, a failure the general checks report. Shown as SKIPPED, never scored.
  bool skipped = false;
  /// Run once on the smallest failing case, after shrinking (run_property): work too slow for
  /// every shrinking step, such as matching the output against a mistake catalogue.
  std::function<void(Failure&)> after_shrinking;
  /// The call that threw, made again the same way, for locate_throw (grader/lib/where_threw.hpp):
  /// returns what it threw this time (Run::error); empty for a failure that is not a throw.
  std::function<std::string()> call_again;
  /// The journey is on another case than the failing one (grader/lib/diagnosis.cpp): what is said
  /// of the failing case says so.
  bool journey_elsewhere = false;
  /// The code could not be graded (report::Finding::stop says why), not a wrong answer.
  [[nodiscard]] bool error() const { return stop != Stop::None; }
};

/// Result of one check.
struct Outcome {
  bool passed = false;
  int cases_run = 0;
  Failure failure;  // meaningful when !passed
};

struct CheckInfo {
  std::string id;     // "matches_reference", "pitfall_neg_inf_nan", ...
  std::string title;  // a sentence: "output equals the reference on random shapes"
  std::function<Outcome(uint64_t seed)> run;
};

/// Every check linked into this program, in registration order.
std::vector<CheckInfo>& registry();

struct Registrar {
  explicit Registrar(CheckInfo info) { registry().push_back(std::move(info)); }
};

/// Reports the case a check is about to run (the runner streams it, so a crash or a timeout can
/// still name the case). Keys and values are shown as given.
void announce_case(const std::vector<std::pair<std::string, std::string>>& fields);

/// Reports the system call the filter refused in the learner's process (the runner then dies of
/// SIGSYS as it did: grader/lib/remote.cpp).
void announce_blocked_call(long syscall);

/// Ends the check now with an error result saying `message` (the learner's process sent what
/// cannot be read, or could not be started).
[[noreturn]] void abort_check(const std::string& message);

}  // namespace grader
