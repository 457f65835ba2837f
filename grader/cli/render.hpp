// The reports of a grading result, one renderer per format: text for a terminal
// (render_text.cpp), JUnit XML (render_junit.cpp), a Markdown table (render_markdown.cpp).
// results.json has its writer and reader in results_json.hpp.
#pragma once

#include <string>
#include <vector>

#include "grader/cli/result.hpp"

namespace cli {

/// The terminal report; colour only when asked (a TTY without NO_COLOR).
std::string to_text(const KataResult& r, bool colour, const std::string& rerun);
/// JUnit XML (GitHub's and GitLab's test reporters read it).
std::string to_junit(const std::vector<KataResult>& results);
/// A short Markdown table fit for $GITHUB_STEP_SUMMARY.
std::string to_markdown(const std::vector<KataResult>& results);

}  // namespace cli
