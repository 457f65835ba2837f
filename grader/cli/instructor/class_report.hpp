// What a class gets wrong: `./grade batch`'s count of the submissions that hit each pitfall and
// each catalogue diagnosis, as CSV, Markdown and an SVG bar chart (the instructor's view of what to
// teach again).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "grader/cli/reports/result.hpp"

namespace cli {

struct MistakeCount {
  std::string kind;  // "pitfall" or "diagnosis"
  std::string id;
  int submissions = 0;  // how many submissions hit it (each counted once)
};

/// The pitfalls and diagnoses of the graded submissions (nullopt: the grader produced no result),
/// most frequent first, pitfalls before diagnoses on a tie, then by id. A diagnosis that is also
/// a pitfall the same submission was named with is counted once, as the pitfall.
std::vector<MistakeCount> count_mistakes(const std::vector<std::optional<KataResult>>& results);

/// mistakes.csv: "kata,kind,id,submissions,of" and a row per mistake.
std::string mistakes_csv(const std::string& kata, const std::vector<MistakeCount>& counts,
                         size_t of);

/// summary.md: the verdicts of the class, then the mistakes as a table with a bar per row and a
/// link to svg_name (the chart).
std::string class_markdown(const std::string& kata,
                           const std::vector<std::optional<KataResult>>& results,
                           const std::vector<MistakeCount>& counts, const std::string& svg_name);

/// mistakes.svg: a horizontal bar per mistake, its length the share of the class.
std::string mistakes_svg(const std::string& kata, const std::vector<MistakeCount>& counts,
                         size_t of);

}  // namespace cli
