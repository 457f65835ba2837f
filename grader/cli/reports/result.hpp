// The result of grading: one check (TestResult) and one kata (KataResult), with a typed status.
// Everything that reports or compares results works on these; the only place they meet text is
// results_json.hpp (the one writer and the one reader of the JSON form).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "grader/report/finding.hpp"

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

using report::AttentionMap;
using report::Field;
using report::Stop;
using report::Wrong;

/// One check's result: what it found (report::Finding, as the runner sent it or as ./grade saw the
/// runner stop) and how it went.
struct TestResult : report::Finding {
  std::string id;                // the check: "matches_reference", "pitfall_neg_inf_nan"
  std::string title;             // the check's sentence
  Status status = Status::Fail;  // Pass, Fail, Error or Skipped
  std::string output;            // what the learner's code printed, valid UTF-8, cut at a character
  double duration_ms = 0;        // wall-clock, including a re-run
  double cpu_ms = 0;             // CPU time of the (last) run: what the time limit measures
  int points = 0, max_points = 0;
  std::string hint;  // the named pitfall's hint file (kata.hpp's pitfall_hint), or empty
  /// Error because it ran past its time limit (even when re-run), or was not run after a check
  /// that did.
  [[nodiscard]] bool timed_out() const { return report::is_timeout(stop); }
};

using report::is_pitfall_check;
using report::pitfall_check;
using report::pitfall_of_check;

struct KataResult {
  std::string kata;
  std::string title;
  Status status = Status::Fail;
  std::string message;   // for Error / NotStarted without checks: why nothing was graded
  std::string solution;  // the graded file
  std::string warnings;  // the compiler's warnings (shown, never fatal)
  uint64_t seed = 1;
  int declared_max = 0;  // the kata's points (kata.toml), for a file that never got to its checks
  /// Whether the file was compiled and checked inside bubblewrap (sandbox.hpp): Unknown when it was
  /// not graded; `sandbox` is the line reports show ("sandbox: off — why").
  enum class Sandboxed { Unknown, On, Off } sandboxed = Sandboxed::Unknown;
  std::string sandbox;
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

/// One root cause of a kata's failures (Note [root causes] in result.cpp): the failing and skipped
/// checks it explains. Every report shows a kata's causes from causes(), so they agree.
struct Cause {
  std::vector<size_t> checks;  // indices into KataResult::tests: shown_by first, then test order
  size_t shown_by = 0;         // the check that shows it in full: its first pitfall's, else first
  std::string pitfall;         // the pitfall it is (shown_by's), or empty
  std::string what;            // in words: "wrong shape", "kt::ViewError", "diagnosis X", ...
  int skipped = 0;             // how many of its checks are skipped
  /// A cause that is a double of a named pitfall and a second mistake (shown_by's diagnosis has
  /// the pitfall among its parts): those pitfalls. Not tied to them, nor the same cause either.
  std::vector<std::string> with_pitfalls;
};

/// The root causes of r's failing and skipped checks, in the order they appear in its tests (the
/// order to fix them in).
std::vector<Cause> causes(const KataResult& r);
/// The index in causes(r) of each test (a cause's index for a failing or skipped check, -1 for a
/// pass).
std::vector<int> cause_of_each(const KataResult& r, const std::vector<Cause>& causes);

/// What a failing check failed of, in words: "diagnosis mask_ignored", "wrong dtype",
/// "kt::ViewError", "error \"crashed with SIGSEGV\"", "first diverging step", "pitfall X".
std::string cause_in_words(const TestResult& t);

/// Why a check stopped, in words that follow "the": "crash with SIGSEGV", "time-out at the
/// CPU-time limit", ...; "" for Stop::None.
std::string stop_in_words(const report::Finding& f);

/// A kata's status from its checks: Pass when every check passed; NotStarted when every check
/// stopped at kt::NotImplemented (none passed); Error when every check errored; otherwise Fail.
Status overall_status(const std::vector<TestResult>& tests);

}  // namespace cli
