// Grading: a learner's file (or --solution PATH) built into the kata's check runner, every check
// run in its own process, the checks' results gathered into one KataResult.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "grader/cli/kata.hpp"
#include "grader/cli/reports/result.hpp"

namespace cli {

struct GradeOptions {
  std::string kata;
  std::string solution;  // empty: the kata file itself
  uint64_t seed = 1;
  std::string format = "text";  // text | json
  bool all = false;
  std::vector<std::string> only;  // run only these checks
  int time_limit_s = 0;           // 0: the kata's own
  std::string junit, markdown;    // extra report files
  std::string maps;               // a directory for the failing checks' attention maps (SVG)
  int check_jobs = 0;             // checks run at once (0: the core count)
};

/// The kata file is still the shipped stub, byte for byte (then --all does not grade it).
bool not_started(const Kata& k);

/// Grades one file; never throws for anything the file does. Remembers the result when the kata
/// file itself was graded with every check.
KataResult grade(const Kata& kata, const GradeOptions& opt);

/// ./grade KATA / ./grade --all: grades, prints the report in opt.format, writes the JUnit and
/// Markdown files. Returns 0 when every graded kata passed (under --all, a kata not started — the
/// stub as shipped, or every check stopping at kt::NotImplemented — is reported and does not
/// count), 1 otherwise.
int grade_command(const GradeOptions& opt);

}  // namespace cli
