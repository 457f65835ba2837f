#include "grader/cli/reports/render.hpp"
#include "grader/cli/text.hpp"

namespace cli {

std::string to_markdown(const std::vector<KataResult>& results, const std::string& maps_dir,
                        const std::string& artifacts_url) {
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
  // Each failing kata's root causes, as the text report and results.json group them.
  for (const KataResult& r : results) {
    const std::vector<Cause> found = causes(r);
    if (found.empty()) continue;
    md += "\n**" + r.kata + "**: " + std::to_string(found.size()) +
          (found.size() == 1 ? " cause" : " causes") + "\n";
    for (size_t i = 0; i < found.size(); ++i) {
      std::string checks;
      for (const size_t t : found[i].checks)
        checks += (checks.empty() ? "`" : ", `") + safe_id(r.tests[t].id) + "`";
      md += std::to_string(i + 1) + ". " + markdown_text(found[i].what) + ", shown under `" +
            safe_id(r.tests[found[i].shown_by].id) + "`: " + checks + "\n";
    }
  }
  // Graded without bubblewrap: said once, under the table (docs/security.md).
  for (const KataResult& r : results)
    if (r.sandboxed == KataResult::Sandboxed::Off) {
      md += "\n" + r.sandbox + "\n";
      break;
    }
  if (maps_dir.empty()) return md;
  // One attention map per kata, folded: a pitfall's if any (what the text report shows first),
  // else the first; the others are images beside its own.
  for (const KataResult& r : results) {
    const TestResult* shown = nullptr;
    int maps = 0;
    for (const TestResult& t : r.tests) {
      if (t.attention_map.rows <= 0) continue;
      ++maps;
      if (!shown || (shown->pitfall.empty() && !t.pitfall.empty())) shown = &t;
    }
    if (!shown) continue;
    const std::string file = maps_dir + "/" + map_file_name(r, *shown);
    md += "\n<details><summary>" + xml_escape(r.kata) + ", " + safe_id(shown->id) +
          ": the attention weights, yours beside the expected ones</summary>\n\n```text\n" +
          attention_map_text(shown->attention_map, false, "") + "```\n\n" +
          (artifacts_url.empty()
               ? "As an image: [" + file + "](" + file + ")"
               : "As an image: `" + file + "` in [the run's artifacts](" + artifacts_url + ")");
    if (maps > 1)
      md += "; the " + std::to_string(maps - 1) +
            " other failing check(s) with a map have theirs "
            "beside it";
    md += ".\n</details>\n";
  }
  return md;
}

}  // namespace cli
