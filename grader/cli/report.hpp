// The results of grading one kata, and how they are printed: text for a terminal, JSON in
// Exercism's test-runner format (version 3) with this project's extensions.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "grader/cli/run.hpp"

namespace cli {

struct KataResult {
  std::string kata;
  std::string title;
  std::string status = "fail";  // pass | fail | error
  std::string message;          // for status error: why nothing was graded
  std::string solution;         // the graded file
  std::string warnings;         // the compiler's warnings (shown, never fatal)
  uint64_t seed = 1;
  int declared_max = 0;  // the kata's points (kata.toml), for a file that never got to its checks
  bool started = true;   // false: the kata file is still the shipped stub (--all does not grade it)
  std::vector<TestResult> tests;
  [[nodiscard]] int score() const;
  [[nodiscard]] int max_score() const;
  [[nodiscard]] std::vector<std::string> pitfalls() const;
};

nlohmann::json to_json(const KataResult& r);
/// The terminal report; colour only when asked (a TTY without NO_COLOR).
std::string to_text(const KataResult& r, bool colour, const std::string& rerun);

}  // namespace cli
