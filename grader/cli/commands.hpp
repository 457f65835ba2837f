// The learner's other commands: hint, reset, solution, watch; and the extra report files.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "grader/cli/kata.hpp"
#include "grader/cli/report.hpp"

namespace cli {

/// Shows the next progressive hint (or all of them); remembers how many were shown.
int show_hint(const Kata& kata, bool all);
/// Restores the shipped stub of the kata file, keeping a backup; asks unless yes.
int reset_kata(const Kata& kata, bool yes);
/// Shows the worked solution once the kata passes (or with force).
int show_solution(const Kata& kata, bool force);

/// Grades each file with the real grader (`self KATA --solution FILE --format json EXTRA...`),
/// `jobs` at a time, each in its own process; keeps each report in json_dir. Returns the reports in
/// the order of files, null for a file whose grader printed no JSON.
std::vector<nlohmann::json> grade_in_parallel(const Kata& kata, const std::vector<fs::path>& files,
                                              int jobs, const fs::path& json_dir,
                                              const std::string& self,
                                              const std::vector<std::string>& extra_args);

/// Grades many submissions in parallel (each with the real grader, each in isolation) and writes a
/// gradebook: out_dir/gradebook.csv and out_dir/json/NAME.json. Returns 0 when every submission was
/// graded (whatever its verdict), 2 on a usage error.
/// time_limit_s > 0 overrides the kata's limit per check.
int batch(const Kata& kata, const std::vector<std::string>& paths, int jobs, int time_limit_s,
          const fs::path& out_dir, const std::string& self);

/// JUnit XML (GitHub and GitLab test reporters read it).
std::string to_junit(const std::vector<KataResult>& results);
/// A short Markdown table fit for $GITHUB_STEP_SUMMARY.
std::string to_markdown(const std::vector<KataResult>& results);

/// The GitHub Classroom autograding workflow, one test per check with the metadata's points.
std::string classroom_workflow(const std::vector<Kata>& katas);

/// Where ./grade keeps what it remembers between runs (hints shown, last results).
fs::path state_dir();
/// The last result of each kata graded in place: {kata: {status, score, max_score}}.
fs::path state_file();

/// A new private folder under the system's temporary folder ("kt-grade-XXXXXX"); throws
/// std::runtime_error when none can be made. The caller removes it.
fs::path make_temp_dir();
/// How many files or submissions to grade at once by default: the core count.
int core_count();

/// Small file helpers shared by the commands: a missing or broken JSON file reads as {}.
std::string read_file(const fs::path& p);
nlohmann::json load_json(const fs::path& p);
void save_json(const fs::path& p, const nlohmann::json& j);

}  // namespace cli
