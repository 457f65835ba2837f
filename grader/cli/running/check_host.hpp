// The checks of one grade: run here, or all inside one sandbox by a copy of the grader (the check
// host) that runs each in its own process as run_check does. See Note [the sandbox].
#pragma once

#include <cstdint>
#include <filesystem>
#include <vector>

#include "grader/cli/kata.hpp"
#include "grader/cli/reports/result.hpp"
#include "grader/cli/running/run.hpp"

namespace cli {

/// Runs these checks of the runner, `jobs` at a time, in the sandbox when it is on; work_dir holds
/// the sandbox's root while they run. Results in the order of `checks`. Never throws for anything
/// the checks do.
std::vector<TestResult> run_checks(const Kata& kata, const Programs& programs,
                                   const std::vector<CheckMeta>& checks, uint64_t seed,
                                   const CheckLimits& limits, const fs::path& work_dir, int jobs);

/// `kt-grade check-host` inside the sandbox: runs the checks given on its command line one by
/// one and prints each result as one line of JSON (a results.json document with one test).
int check_host_main(int argc, char** argv);

}  // namespace cli
