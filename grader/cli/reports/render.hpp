// The reports of a grading result, one renderer per format: text for a terminal
// (render_text.cpp), JUnit XML (render_junit.cpp), a Markdown table (render_markdown.cpp); and a
// failing check's attention map as a shaded grid or an SVG (render_map.cpp).
// results.json has its writer and reader in results_json.hpp.
#pragma once

#include <string>
#include <vector>

#include "grader/cli/reports/result.hpp"

namespace cli {

/// The terminal report; colour only when asked (a TTY without NO_COLOR).
std::string to_text(const KataResult& r, bool colour, const std::string& rerun);
/// JUnit XML (GitHub's and GitLab's test reporters read it).
std::string to_junit(const std::vector<KataResult>& results);
/// A short Markdown table fit for $GITHUB_STEP_SUMMARY; with maps_dir, below it one attention
/// map per kata (a pitfall check's if any), as text and as a link to maps_dir/map_file_name(...)
/// (the SVGs write_attention_maps wrote there), or, with artifacts_url (a CI run's page, where the
/// files are an artifact), the file's name and a link to that page.
std::string to_markdown(const std::vector<KataResult>& results, const std::string& maps_dir = "",
                        const std::string& artifacts_url = "");

/// The attention map as two grids side by side, expected and yours, each cell shaded by its
/// weight (a coloured background when colour, else a shade character), rows that differ marked,
/// then the largest difference (or that the weights are right here). Lines indented by `indent`.
/// The map is of the smallest failing case shown with it, or of check `of_check`'s when given.
std::string attention_map_text(const AttentionMap& m, bool colour, const std::string& indent,
                               const std::string& of_check = "");
/// The same as a standalone SVG image, titled.
std::string attention_map_svg(const AttentionMap& m, const std::string& title);
/// "mha.matches_reference.svg": the file a check's map is written to.
std::string map_file_name(const KataResult& r, const TestResult& t);
/// Writes the SVG of every failing check's attention map into dir (created); returns the files.
std::vector<std::string> write_attention_maps(const std::vector<KataResult>& results,
                                              const std::string& dir);

}  // namespace cli
