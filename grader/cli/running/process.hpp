// Child processes the CLI starts: a command with its output captured, and how many to run at once.
#pragma once

#include <string>
#include <vector>

#include "grader/cli/running/sandbox.hpp"

namespace cli {

/// Runs a command; returns its exit status (128 + signal when killed) and captures stdout+stderr.
int run_command(const std::vector<std::string>& argv, std::string& output);

/// A command to run with limits.
struct Spawn {
  std::vector<std::string> argv;
  std::vector<std::string> env;  // the whole environment; empty: the grader's own
  ProcessLimits limits;          // set in the child before exec
  int wall_s = 0;                // past it the child's process group is killed (0: no limit)
  int pass_fd = -1;              // a descriptor the child gets as fd 3 (-1: none)
};

struct Finished {
  int status = -1;         // exit status, 128 + signal when killed, -1 when it could not start
  bool timed_out = false;  // killed at wall_s
  std::string output;      // stdout and stderr
};

/// Runs spawn.argv in its own process group, captures its output, stops it at the wall limit.
Finished run_process(const Spawn& spawn);

/// How many files or submissions to grade at once by default: the core count.
int core_count();

}  // namespace cli
