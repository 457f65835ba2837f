// Child processes the CLI starts: a command with its output captured, and how many to run at once.
#pragma once

#include <string>
#include <vector>

namespace cli {

/// Runs a command; returns its exit status (128 + signal when killed) and captures stdout+stderr.
int run_command(const std::vector<std::string>& argv, std::string& output);

/// How many files or submissions to grade at once by default: the core count.
int core_count();

}  // namespace cli
