// Running one check of a kata in its own child process — a CPU-time limit, a wall-clock limit, a
// memory limit, its output captured — and reading back the events the runner streams.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>

#include "grader/cli/kata.hpp"
#include "grader/cli/result.hpp"

namespace cli {

/// How much one check may use. See Note [time limits] in run.cpp.
struct CheckLimits {
  int cpu_s = 10;         // CPU time; hitting it is a timeout that counts at once
  int memory_mib = 2048;  // address space (ASan: its RSS limit, see runner_main.cpp)
  [[nodiscard]] int wall_s() const { return 3 * cpu_s + 2; }  // for code that sleeps or blocks
};

/// The limits for a kata's checks: its time_limit_s (or override_s when > 0), times 3 in a build
/// with sanitizers (ASan + UBSan make code 2-3x slower).
CheckLimits check_limits(const Kata& kata, bool sanitized, int override_s = 0);

/// Runs one check of the runner: never throws for anything the learner's code does. Every string
/// in the result is valid UTF-8.
TestResult run_check(const fs::path& runner, const CheckMeta& check, uint64_t seed,
                     const CheckLimits& limits);

/// Human name of a signal: "SIGSEGV (segmentation fault)".
std::string signal_name(int sig);

}  // namespace cli
