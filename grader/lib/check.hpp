// What a grader check is and what it reports. A kata's checks register themselves (a
// namespace-scope `const Registrar name({id, title, function});`) in the kata's check library,
// which is linked with the learner's object into one runner executable
// (grader/runner/runner_main.cpp).
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace grader {

/// The learner's attention weights beside the correct ones on a check's smallest failing case, for
/// one query-by-key slice (attention_map.hpp); row-major, NaN kept. Empty (rows == 0) when none.
struct AttentionMap {
  std::string where;  // the slice of the leading axes shown: "batch entry 0, head 1", or empty
  int64_t rows = 0, cols = 0;  // queries, keys
  std::vector<double> expected, got;
};

/// The smallest failing case of a check, after shrinking, ready to show a learner.
struct Failure {
  std::string pitfall;  // a pitfall id ("mask_after_softmax"), or empty when not attributed
  /// A catalogue match (diagnosis.hpp): the id of the one catalogued mistake the output equals
  /// ("mask_ignored", or a pitfall's id), and the sentence that says so with the fix; empty when
  /// none or several match. Diagnosis only: it never changes a verdict or a score.
  std::string diagnosis;
  std::string diagnosis_message;
  /// Without a diagnosis: the correct computation's steps beside the learner's ops, and the first
  /// step the learner's code never computes (journey.hpp); several lines, or empty.
  std::string journey;
  /// On the smallest failing case: the learner's attention weights beside the correct ones.
  AttentionMap attention_map;
  std::string message;  // what went wrong and why, one paragraph
  std::vector<std::pair<std::string, std::string>> counterexample;  // named inputs of the case
  std::string expected;                                             // a small slice, or empty
  std::string got;                                                  // the same slice of the output
  std::string difference;  // "largest |got - expected| = ...; got = 0.707 x expected", or empty
  bool error = false;  // the code could not be graded (it ran out of memory), not a wrong answer
  bool not_implemented = false;  // the learner's code threw kt::NotImplemented: not started yet
  /// The check could not test what it is for: the learner's call on its case threw or returned
  /// another shape, a failure the general checks report. Shown as SKIPPED, never scored.
  bool skipped = false;
  /// The learner's call returned a tensor of another shape or dtype: the CLI groups the checks that
  /// failed (or were skipped) for that under one root cause.
  bool wrong_shape = false;
  /// What the learner's call threw ("kt::ViewError: view size is ..."), or empty: the CLI groups
  /// the checks that failed on the same exception under one root cause.
  std::string threw;
  /// Run once on the smallest failing case, after shrinking (run_property): work too slow for
  /// every shrinking step, such as matching the output against a mistake catalogue.
  std::function<void(Failure&)> after_shrinking;
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
