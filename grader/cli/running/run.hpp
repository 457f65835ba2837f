// Running one check of a kata in its own child process — a CPU-time limit, a wall-clock limit, a
// memory limit, its output captured — and reading back the events the runner streams.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>

#include "grader/cli/kata.hpp"
#include "grader/cli/reports/result.hpp"

namespace cli {

/// How much slower the sanitizer build (ASan + UBSan) runs a check: measured up to ~20x on the MHA
/// kata's checks at -O1 (causal_is_causal: 63 ms -> 1260 ms of CPU); the self-test holds every
/// passing check to 1/5 of the scaled limit, so a slowdown the factor underestimates shows there.
inline constexpr int kSanitizerSlowdown = 10;

/// The largest file a check may write (RLIMIT_FSIZE; past it the check dies of SIGXFSZ).
inline constexpr uint64_t kCheckFileBytes = 64ull << 20;

/// How much one check may use. See Note [time limits] in run.cpp.
struct CheckLimits {
  int cpu_s = 10;         // CPU time; hitting it is a timeout that counts at once
  int wall_s = 32;        // wall clock, for code that blocks; a re-run alone gets 4x this
  int memory_mib = 2048;  // address space (ASan: its RSS limit, see runner_main.cpp)
};

/// The limits for a kata's checks: CPU time its time_limit_s (or override_s when > 0), times
/// kSanitizerSlowdown in a build with sanitizers; wall clock 3x that + 2 s.
CheckLimits check_limits(const Kata& kata, bool sanitized, int override_s = 0);

/// The two programs of a check (Note [the learner's process] in grader/lib/remote.hpp): the kata's
/// runner, prebuilt, and the learner's program it starts (the submission's object, kt and the
/// kata's calls).
struct Programs {
  fs::path runner, learner;
};

/// Runs one check of the runner: never throws for anything the learner's code does. Every string
/// in the result is valid UTF-8.
TestResult run_check(const Programs& programs, const CheckMeta& check, uint64_t seed,
                     const CheckLimits& limits);

/// The file whose lock lets a re-run of a check run alone (Note [time limits]); inside the sandbox,
/// the grader's lock file passed in as a descriptor (/proc/self/fd/N).
void set_checks_lock_path(const fs::path& path);
const fs::path& checks_lock_path();

/// Human name of a signal: "SIGSEGV (segmentation fault)".
std::string signal_name(int sig);

}  // namespace cli
