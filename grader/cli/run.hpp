// Running each check of a kata in its own child process, with a time limit, a memory limit and
// its output captured, and reading back the events the runner streams.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "grader/cli/kata.hpp"

namespace cli {

struct TestResult {
  std::string id;
  std::string title;
  std::string status = "fail";  // pass | fail | error
  std::string message;
  std::string pitfall;  // empty when not attributed
  nlohmann::json counterexample = nlohmann::json::array();
  std::string expected, got;
  std::string output;  // what the check printed, cut to a readable length
  double duration_ms = 0;
  int points = 0, max_points = 0;
};

/// Runs one check of the runner: never throws for anything the learner's code does.
TestResult run_check(const Kata& kata, const fs::path& runner, const CheckMeta& check,
                     uint64_t seed);

/// Human name of a signal: "SIGSEGV (segmentation fault)".
std::string signal_name(int sig);

}  // namespace cli
