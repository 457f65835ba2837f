#include "grader/cli/instructor/batch.hpp"

#include <algorithm>
#include <fstream>
#include <iostream>

#include "grader/cli/files.hpp"
#include "grader/cli/instructor/class_report.hpp"
#include "grader/cli/running/pool.hpp"
#include "grader/cli/running/sandbox.hpp"
#include "grader/cli/text.hpp"

namespace cli {

int batch(const Kata& kata, const std::vector<std::string>& paths, int jobs, int time_limit_s,
          const fs::path& out_dir, const std::string& self) {
  std::vector<fs::path> files;
  for (const auto& p : paths) {
    if (fs::is_directory(p)) {
      const auto found = cpp_files_under(p);
      files.insert(files.end(), found.begin(), found.end());
    } else if (fs::is_regular_file(p)) {
      files.push_back(p);
    } else {
      std::cerr << "grade batch: no such file or folder: " << p << "\n";
      return 2;
    }
  }
  std::sort(files.begin(), files.end());
  if (files.empty()) {
    std::cerr << "grade batch: no .cpp files in " << paths.size() << " path(s)\n";
    return 2;
  }
  const std::vector<std::optional<KataResult>> results = grade_in_parallel(
      kata, files, jobs, out_dir / "json", self,
      time_limit_s > 0 ? std::vector<std::string>{"--time-limit-s", std::to_string(time_limit_s)}
                       : std::vector<std::string>{});
  std::ofstream csv(out_dir / "gradebook.csv");
  csv << "submission,status,score,max_score,pitfalls,reason,diagnoses\n";
  auto quote = [](std::string v) {
    for (char& ch : v)
      if (ch == '\n') ch = ' ';
    std::string q = "\"";
    for (char ch : v) q += ch == '"' ? std::string("\"\"") : std::string(1, ch);
    return q + "\"";
  };
  for (size_t i = 0; i < files.size(); ++i) {
    const std::optional<KataResult>& r = results[i];
    if (!r) {
      csv << quote(files[i].string()) << ",error,0,0,," << quote("the grader produced no result")
          << ",\"\"\n";
      continue;
    }
    csv << quote(files[i].string()) << "," << status_name(r->status) << "," << r->score() << ","
        << r->max_score() << "," << quote(join(r->pitfalls(), " ")) << ","
        << quote(cut_chars(r->first_failure(), 300)) << "," << quote(join(r->diagnoses(), " "))
        << "\n";
  }
  // What the class gets wrong: the counts, as a table and a chart.
  const std::vector<MistakeCount> counts = count_mistakes(results);
  std::ofstream(out_dir / "mistakes.csv") << mistakes_csv(kata.name, counts, files.size());
  std::ofstream(out_dir / "mistakes.svg") << mistakes_svg(kata.name, counts, files.size());
  std::ofstream(out_dir / "summary.md")
      << class_markdown(kata.name, results, counts, "mistakes.svg");
  std::cout << "graded " << files.size() << " submission(s), " << sandbox_line() << ": "
            << (out_dir / "gradebook.csv").string() << " and " << (out_dir / "json").string()
            << "/\n";
  std::cout << "what the class gets wrong: " << (out_dir / "summary.md").string() << " ("
            << (out_dir / "mistakes.csv").string() << ", " << (out_dir / "mistakes.svg").string()
            << ")\n";
  for (size_t i = 0; i < counts.size() && i < 5; ++i)
    std::cout << "  " << counts[i].submissions << " of " << files.size() << "  " << counts[i].kind
              << " " << counts[i].id << "\n";
  return 0;
}

}  // namespace cli
