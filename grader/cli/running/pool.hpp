// Grading many files at once: each with the real grader in its own process, a few at a time.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "grader/cli/kata.hpp"
#include "grader/cli/reports/result.hpp"

namespace cli {

/// Grades each file with the real grader (`self KATA --solution FILE --format json EXTRA...
/// FILE_ARGS[i]...`), `jobs` at a time, each in its own process; keeps each report in json_dir.
/// Returns the results in the order of files; nullopt for a file whose grader printed no report.
std::vector<std::optional<KataResult>> grade_in_parallel(
    const Kata& kata, const std::vector<fs::path>& files, int jobs, const fs::path& json_dir,
    const std::string& self, const std::vector<std::string>& extra_args,
    const std::vector<std::vector<std::string>>& file_args = {});

}  // namespace cli
