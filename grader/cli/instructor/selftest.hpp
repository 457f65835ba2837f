// The grader's proof of itself: every file under solutions/KATA/ graded by the real program, shown
// as a matrix (a row per solution, a column per check), and compared with the verdict each file
// declares. Also checks that every pitfall has a known-bad solution and a hint, that the checks
// the runner registers are the ones the kata's metadata lists, and that the shipped stub passes
// nothing it should not.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "grader/cli/kata.hpp"

namespace cli {

/// What a file under solutions/ declares in its first lines:
///   // expect: pass | fail | error          (fail: failed, and no pitfall named)
///   // expect-pitfalls: id, id              (failed, and diagnosed with exactly these ids)
///   // expect-diagnosis: id, id             (beside either: the catalogue matches reported, those
///                                           that are not a declared pitfall's id; none if absent)
/// solutions/KATA/stub.cpp, the stub as shipped, declares nothing: it must read as not started.
struct Expectation {
  /// What the file must get. Undeclared: a problem of the test bed itself.
  enum class Verdict { Undeclared, Stub, Pass, Fail, Error };
  Verdict verdict = Verdict::Undeclared;
  std::vector<std::string> pitfalls;   // sorted; Fail with these exact pitfalls
  std::vector<std::string> diagnoses;  // sorted; and these catalogue matches besides them
  std::string message;                 // "// expect-message: TEXT": a failing check says TEXT
  bool needs_sandbox = false;          // "// needs: sandbox": not run where bubblewrap cannot run
};
Expectation read_expectation(const fs::path& file);

struct SelftestOptions {
  int jobs = 2;
  int time_limit_s = 1;  // CPU time per check (x10 under sanitizers); an infinite loop costs this
  uint64_t seed = 1;     // of every file's random cases
  std::string rows = "all";  // all | memory: see memory_row in selftest.cpp
  fs::path out_dir;          // when set: out_dir/KATA.txt gets the matrix and the verdict
};

/// Runs the self-test of each kata; prints the matrices and every problem. Returns 0 when every
/// file got its declared verdict and nothing is missing, 1 otherwise.
int selftest(const std::vector<Kata>& katas, const SelftestOptions& options,
             const std::string& self);

/// Every kata file is its shipped stub, byte for byte (what reset restores, what the self-test
/// grades as the stub): the release check of .ci/run, never of a learner's ./grade selftest. Says
/// which differ; returns 0 or 1.
int check_shipped(const std::vector<Kata>& katas);

}  // namespace cli
