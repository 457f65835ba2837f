// What ./grade remembers between runs, in one file: each kata's results graded in place (the last,
// the best, how many attempts, when it first passed, the pitfalls found, a history) and how many
// hints were shown. The file is .kt-progress.json at the repository's root: ignored by git, so it
// survives `git pull` and a rebuild from scratch; KT_STATE_DIR/progress.json when KT_STATE_DIR is
// set (tests). The builds of the kata files (state_dir()/KATA) stay under build/.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "grader/cli/kata.hpp"
#include "grader/cli/reports/result.hpp"

namespace cli {

/// Where the kata files are built: build/<preset>/grade (KT_STATE_DIR overrides, for tests).
fs::path state_dir();
/// The progress file.
fs::path progress_file();

struct Remembered {
  Status status = Status::Fail;
  int score = 0, max_score = 0;
};

/// One grading of a kata file in place.
struct Graded {
  std::string at;  // UTC, ISO 8601 ("2026-12-01T04:30:00Z")
  Status status = Status::Fail;
  int score = 0, max_score = 0;
  std::vector<std::string> pitfalls;
};

/// Everything remembered of one kata.
struct KataProgress {
  std::vector<Graded> history;  // oldest first (the last kHistoryKept)
  int attempts = 0;             // all of them, also those the history dropped
  int best_score = 0, max_score = 0;
  std::string first_graded, first_passed;     // UTC, ISO 8601; empty: never
  std::map<std::string, int> pitfalls_found;  // pitfall id -> in how many attempts
  int hints_shown = 0;                        // progressive hints shown so far
  std::string pitfall_hint_for;               // the attempt ("at") whose pitfall hint was shown
};
inline constexpr size_t kHistoryKept = 200;

KataProgress progress_of(const std::string& kata);

/// The last result of the kata graded in place, if any.
std::optional<Remembered> last_result(const std::string& kata);
/// Adds a grading of the kata file in place (every check ran) to its progress.
void remember_result(const KataResult& r);

/// The first kata in learning order that has not passed yet; empty when all have.
std::string next_kata();
/// After `kata` passed: the first kata after it in the path that has not passed, else the first
/// before it; empty when every kata passes.
std::string next_kata_after(const std::string& kata);

int hints_shown(const std::string& kata);
void set_hints_shown(const std::string& kata, int n);
/// Remembers that the pitfall hint of the attempt `at` was shown.
void set_pitfall_hint_shown(const std::string& kata, const std::string& at);

/// "12 min", "1 h 5 min", "3 days" between two ISO 8601 UTC times; empty if either is.
std::string duration_between(const std::string& from, const std::string& to);

}  // namespace cli
