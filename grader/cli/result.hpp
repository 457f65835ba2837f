// The result of grading: one check (TestResult) and one kata (KataResult), with a typed status.
// Everything that reports or compares results works on these; the only place they meet text is
// results_json.hpp (the one writer and the one reader of the JSON form).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace cli {

/// A check's or a kata's status. NotStarted: the kata file is the shipped stub, or every check
/// stopped at the learner's `throw kt::NotImplemented` (a kata is only ever NotStarted as a whole).
/// Skipped: a check that could not test what it is for, because the learner's code threw or
/// returned another shape on its case (a check's status only; never scored).
enum class Status { Pass, Fail, Error, NotStarted, Skipped };

/// "pass", "fail", "error", "not started", "skipped": how reports spell it.
const char* status_name(Status s);
/// The inverse of status_name; nullopt for any other text.
std::optional<Status> parse_status(const std::string& name);

/// A named input of a case, as shown to the learner: {"T", "3"}.
using Field = std::pair<std::string, std::string>;

/// The learner's attention weights beside the correct ones on a check's smallest failing case, for
/// one query-by-key slice; row-major, NaN kept (grader/lib/attention_map.hpp makes it).
struct AttentionMap {
  std::string where;       // "batch entry 0, head 1", or empty
  int rows = 0, cols = 0;  // queries, keys; 0 when there is no map
  std::vector<double> expected, got;
};

struct TestResult {
  std::string id;                // the check: "matches_reference", "pitfall_neg_inf_nan"
  std::string title;             // the check's sentence
  Status status = Status::Fail;  // Pass, Fail or Error
  bool not_implemented = false;  // failed because the learner's code threw kt::NotImplemented
  bool timed_out = false;        // Error because it ran past its time limit (even when re-run)
  std::string message;
  std::string threw;                  // what the learner's code threw, or empty
  bool wrong_shape = false;           // the learner's code returned another shape or dtype
  std::string pitfall;                // empty when not attributed
  std::string diagnosis;              // a catalogue match's id ("mask_ignored"), or empty
  std::string diagnosis_message;      // "your output equals ... Fix: ..."
  std::string journey;                // the steps beside the learner's ops (lines), or empty
  AttentionMap attention_map;         // rows == 0 when none
  std::vector<Field> counterexample;  // the smallest failing case (or the case that crashed)
  std::string expected, got;
  std::string difference;  // "largest |got - expected| = ...", with a constant ratio if any
  std::string output;      // what the learner's code printed, valid UTF-8, cut at a character
  double duration_ms = 0;  // wall-clock, including a re-run
  double cpu_ms = 0;       // CPU time of the (last) run: what the time limit measures
  int points = 0, max_points = 0;
};

struct KataResult {
  std::string kata;
  std::string title;
  Status status = Status::Fail;
  std::string message;   // for Error / NotStarted without checks: why nothing was graded
  std::string solution;  // the graded file
  std::string warnings;  // the compiler's warnings (shown, never fatal)
  uint64_t seed = 1;
  int declared_max = 0;  // the kata's points (kata.toml), for a file that never got to its checks
  std::string sandbox;   // "sandbox: on" or "sandbox: off — why" (sandbox.hpp); empty: not graded
  std::vector<TestResult> tests;

  [[nodiscard]] int score() const;
  [[nodiscard]] int max_score() const;
  /// The pitfall ids named by any check, in check order, each once.
  [[nodiscard]] std::vector<std::string> pitfalls() const;
  /// The catalogue matches of any check (diagnosis ids), in check order, each once.
  [[nodiscard]] std::vector<std::string> diagnoses() const;
  /// Why it did not pass, in one line: the kata's message, else the first failing check's
  /// "id: message"; empty for a pass.
  [[nodiscard]] std::string first_failure() const;
};

/// What a failing check failed of, for grouping checks under one root cause: a result of the wrong
/// shape or dtype, its diagnosis, the exception the learner's code threw (numbers left out: the
/// same error on another shape is the same cause), the error it stopped with (a crash, a time-out,
/// the memory limit; numbers and the case left out), its journey, its pitfall; each that applies,
/// as keys. Two checks that share a key have one cause (and so, through a check with two keys, do
/// checks with different keys). Empty for a pass, or when nothing is known.
std::vector<std::string> causes_of(const TestResult& t);
/// An error message's first clause: up to its case (" on the case"), its first sentence's end, or
/// the check it names as its cause (" in check "): what causes_of compares.
std::string first_clause(const std::string& message);

/// A kata's status from its checks: Pass when every check passed; NotStarted when every check
/// stopped at kt::NotImplemented (none passed); Error when every check errored; otherwise Fail.
Status overall_status(const std::vector<TestResult>& tests);

}  // namespace cli
