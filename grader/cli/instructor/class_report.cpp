#include "grader/cli/instructor/class_report.hpp"

#include <algorithm>
#include <map>
#include <utility>

#include "grader/cli/text.hpp"

namespace cli {
namespace {

/// "3 of 30 (10%)".
std::string share(int n, size_t of) {
  const int percent = of == 0 ? 0 : static_cast<int>((100.0 * n) / double(of) + 0.5);
  return std::to_string(n) + " of " + std::to_string(of) + " (" + std::to_string(percent) + "%)";
}

}  // namespace

std::vector<MistakeCount> count_mistakes(const std::vector<std::optional<KataResult>>& results) {
  std::map<std::pair<std::string, std::string>, int> seen;
  for (const auto& r : results) {
    if (!r) continue;
    const std::vector<std::string> pitfalls = r->pitfalls();
    for (const std::string& id : pitfalls) ++seen[{"pitfall", safe_id(id)}];
    for (const std::string& id : r->diagnoses())
      if (std::find(pitfalls.begin(), pitfalls.end(), id) == pitfalls.end())
        ++seen[{"diagnosis", safe_id(id)}];
  }
  std::vector<MistakeCount> counts;
  for (const auto& [key, n] : seen) counts.push_back({key.first, key.second, n});
  std::stable_sort(counts.begin(), counts.end(), [](const MistakeCount& a, const MistakeCount& b) {
    if (a.submissions != b.submissions) return a.submissions > b.submissions;
    return a.kind > b.kind;  // "pitfall" before "diagnosis"; ids already in order
  });
  return counts;
}

std::string mistakes_csv(const std::string& kata, const std::vector<MistakeCount>& counts,
                         size_t of) {
  std::string csv = "kata,kind,id,submissions,of\n";
  for (const MistakeCount& m : counts)
    csv += safe_id(kata) + "," + m.kind + "," + m.id + "," + std::to_string(m.submissions) + "," +
           std::to_string(of) + "\n";
  return csv;
}

std::string class_markdown(const std::string& kata,
                           const std::vector<std::optional<KataResult>>& results,
                           const std::vector<MistakeCount>& counts, const std::string& svg_name) {
  std::map<std::string, int> verdicts;
  for (const auto& r : results) ++verdicts[r ? status_name(r->status) : "error"];
  const size_t of = results.size();
  std::string md = "## " + safe_id(kata) + ": " + std::to_string(of) + " submission(s)\n\n";
  for (const char* v : {"pass", "fail", "error", "not started"})
    if (verdicts.count(v)) md += "- " + std::string(v) + ": " + share(verdicts[v], of) + "\n";
  md += "\n### What the class gets wrong\n\n";
  if (counts.empty()) return md + "No pitfall and no diagnosis in any submission.\n";
  md +=
      "Pitfalls are the kata's named mistakes (scored, with hints); diagnoses are the other "
      "mistakes the grader recognised. Each submission counts once per mistake. Chart: [" +
      svg_name + "](" + svg_name + ")\n\n";
  md += "| mistake | kind | submissions | |\n|---|---|---|---|\n";
  for (const MistakeCount& m : counts) {
    const int blocks = of == 0 ? 0 : static_cast<int>((20.0 * m.submissions) / double(of) + 0.5);
    std::string bar;
    for (int i = 0; i < std::max(blocks, 1); ++i) bar += "█";
    md += "| `" + m.id + "` | " + m.kind + " | " + share(m.submissions, of) + " | " + bar + " |\n";
  }
  return md;
}

std::string mistakes_svg(const std::string& kata, const std::vector<MistakeCount>& counts,
                         size_t of) {
  const int row = 22, label = 260, bar_max = 300, top = 34;
  const int height = top + row * static_cast<int>(counts.size()) + 10;
  std::string svg =
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + std::to_string(label + bar_max + 130) +
      "\" height=\"" + std::to_string(height) +
      "\" font-family=\"sans-serif\" font-size=\"13\">\n"
      "  <text x=\"8\" y=\"20\" font-weight=\"bold\">" +
      safe_id(kata) + ": what " + std::to_string(of) + " submission(s) got wrong</text>\n";
  for (size_t i = 0; i < counts.size(); ++i) {
    const MistakeCount& m = counts[i];
    const int y = top + row * static_cast<int>(i);
    const int width =
        of == 0 ? 0 : std::max(1, static_cast<int>(bar_max * double(m.submissions) / double(of)));
    const char* colour = m.kind == "pitfall" ? "#d9822b" : "#4a90b8";
    svg += "  <text x=\"" + std::to_string(label - 6) + "\" y=\"" + std::to_string(y + 14) +
           "\" text-anchor=\"end\">" + m.id + "</text>\n";
    svg += "  <rect x=\"" + std::to_string(label) + "\" y=\"" + std::to_string(y + 3) +
           "\" width=\"" + std::to_string(width) + "\" height=\"15\" fill=\"" + colour +
           "\"><title>" + m.kind + " " + m.id + ": " + share(m.submissions, of) +
           "</title></rect>\n";
    svg += "  <text x=\"" + std::to_string(label + width + 6) + "\" y=\"" + std::to_string(y + 14) +
           "\">" + share(m.submissions, of) + " · " + m.kind + "</text>\n";
  }
  return svg + "</svg>\n";
}

}  // namespace cli
