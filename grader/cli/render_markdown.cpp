#include "grader/cli/render.hpp"

namespace cli {

std::string to_markdown(const std::vector<KataResult>& results) {
  std::string md = "| kata | status | score | pitfalls |\n|---|---|---|---|\n";
  for (const KataResult& r : results) {
    std::string pitfalls;
    for (const auto& p : r.pitfalls()) pitfalls += (pitfalls.empty() ? "`" : ", `") + p + "`";
    const std::string status = r.status == Status::NotStarted ? "⏸ not started"
                               : r.status == Status::Pass     ? "✅ pass"
                               : r.status == Status::Error    ? "⛔ error"
                                                              : "❌ fail";
    md += "| " + r.kata + " | " + status + " | " + std::to_string(r.score()) + "/" +
          std::to_string(r.max_score()) + " | " + (pitfalls.empty() ? "—" : pitfalls) + " |\n";
  }
  return md;
}

}  // namespace cli
