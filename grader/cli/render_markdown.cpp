#include "grader/cli/render.hpp"

namespace cli {

std::string to_markdown(const std::vector<KataResult>& results) {
  std::string md = "| kata | status | score | pitfalls | diagnosis |\n|---|---|---|---|---|\n";
  const auto code_list = [](const std::vector<std::string>& ids) {
    std::string s;
    for (const auto& id : ids) s += (s.empty() ? "`" : ", `") + id + "`";
    return s.empty() ? std::string("—") : s;
  };
  for (const KataResult& r : results) {
    const std::string status = r.status == Status::NotStarted ? "⏸ not started"
                               : r.status == Status::Pass     ? "✅ pass"
                               : r.status == Status::Error    ? "⛔ error"
                                                              : "❌ fail";
    md += "| " + r.kata + " | " + status + " | " + std::to_string(r.score()) + "/" +
          std::to_string(r.max_score()) + " | " + code_list(r.pitfalls()) + " | " +
          code_list(r.diagnoses()) + " |\n";
  }
  return md;
}

}  // namespace cli
