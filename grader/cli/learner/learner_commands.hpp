// The learner's commands besides grading: the list of katas, hints, reset, the worked solution,
// and watch.
#pragma once

#include "grader/cli/grade.hpp"
#include "grader/cli/kata.hpp"

namespace cli {

/// ./grade with no arguments: the katas in learning order, each with its status, and what next.
int list_katas();
/// ./grade progress [KATA]: every grading remembered, per kata.
int show_progress(const std::string& only);
/// Shows the next progressive hint (or all of them); remembers how many were shown.
int show_hint(const Kata& kata, bool all);
/// Restores the shipped stub of the kata file, keeping a backup; asks unless yes.
int reset_kata(const Kata& kata, bool yes);
/// Shows the worked solution once the kata passes (or with force).
int show_solution(const Kata& kata, bool force);
/// Re-grades the kata (default: the next one not passed) whenever its file changes; never returns.
int watch(const std::string& name, GradeOptions opt);

}  // namespace cli
