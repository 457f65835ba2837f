// ./grade interview [KATA]: the kata as an interview. A fresh copy of the stub in a scratch file
// (the kata file is never touched), the task without hints, a clock; each save is graded and only
// counts are shown (an interviewer names no mistakes); at the end, the full report and the time
// taken; then the follow-up drill: the kata's questions (hints/KATA/interview.md) one at a time,
// the learner's answer, then the model answer and the pitfall it guards against.
#pragma once

#include <istream>
#include <string>
#include <vector>

#include "grader/cli/grade.hpp"
#include "grader/cli/kata.hpp"

namespace cli {

/// One follow-up question of hints/KATA/interview.md: "## question", the model answer, and a line
/// "Pitfall: id — why" (optional).
struct DrillQuestion {
  std::string question, answer, pitfall;
};
/// The questions of a kata's interview.md, in order; throws std::runtime_error when the file is
/// missing or holds none.
std::vector<DrillQuestion> drill_questions(const Kata& kata);

/// The scratch file an interview edits: interview/KATA/FILE at the repository's root (ignored).
fs::path interview_file(const Kata& kata);

/// The task section of the kata's README (its "## The task"), with the title line.
std::string interview_statement(const Kata& kata);

/// Runs the interview; answers are read from `answers` (the terminal, or a file in tests). Returns
/// 0 when every check passed in time, 1 otherwise.
int interview(const std::string& kata, int minutes, GradeOptions opt, std::istream& answers);

}  // namespace cli
