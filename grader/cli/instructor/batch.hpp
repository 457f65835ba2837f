// ./grade batch: a class's submissions graded in parallel into a gradebook.
#pragma once

#include <string>
#include <vector>

#include "grader/cli/kata.hpp"

namespace cli {

/// Grades many submissions in parallel (each with the real grader, each in isolation) and writes a
/// gradebook: out_dir/gradebook.csv (submission, status, score, max_score, pitfalls, reason,
/// diagnoses), out_dir/json/NAME.json, and what the class gets wrong (class_report.hpp):
/// out_dir/summary.md, mistakes.csv, mistakes.svg. Returns 0 when every submission was graded
/// (whatever its verdict), 2 on a usage error. time_limit_s > 0 overrides the kata's limit per
/// check.
int batch(const Kata& kata, const std::vector<std::string>& paths, int jobs, int time_limit_s,
          const fs::path& out_dir, const std::string& self);

}  // namespace cli
