#include "grader/cli/render.hpp"
#include "grader/cli/text.hpp"

namespace cli {

std::string to_markdown(const std::vector<KataResult>& results) {
  std::string md = "| kata | status | score | pitfalls | diagnosis |\n|---|---|---|---|---|\n";
  // Ids are identifiers; anything else in one (bytes a runner should never send) becomes '?', so
  // no id can break the table or the UTF-8.
  const auto code_list = [](const std::vector<std::string>& ids) {
    std::string s;
    for (const std::string& id : ids) s += (s.empty() ? "`" : ", `") + safe_id(id) + "`";
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
