// The attention map as the learner reads it (render_map.cpp): the grid, exactly; colour only when
// asked; digits enough to tell a difference; its JSON form, checked on the way in; the SVG and the
// Markdown summary's fold.
#include <catch2/catch.hpp>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "grader/cli/reports/render.hpp"
#include "grader/cli/reports/results_json.hpp"
#include "grader/report/finding_json.hpp"

namespace {

/// Masking after the softmax, causal, two queries and two keys.
cli::AttentionMap masked_after_softmax() {
  cli::AttentionMap m;
  m.where = "batch entry 0, head 1";
  m.rows = 2;
  m.cols = 2;
  m.expected = {1.0, 0.0, 0.25, 0.75};
  m.got = {0.5, 0.0, 0.25, 0.75};
  return m;
}

cli::KataResult with_map(const cli::AttentionMap& m) {
  cli::KataResult r;
  r.kata = "mha";
  r.status = cli::Status::Fail;
  cli::TestResult t;
  t.id = "matches_reference";
  t.status = cli::Status::Fail;
  t.message = "differs";
  t.attention_map = m;
  r.tests = {t};
  return r;
}

}  // namespace

TEST_CASE("the attention map is two shaded grids with row sums, the differing rows marked",
          "[map]") {
  CHECK(cli::attention_map_text(masked_after_softmax(), false, "  ") ==
        "  attention weights on the smallest failing case (batch entry 0, head 1):\n"
        "        expected                yours\n"
        "        k0     k1     sum       k0     k1     sum\n"
        "    q0 █1.00  ·0      1.00     ▓0.50  ·0      0.50  <- differs\n"
        "    q1 ▒0.25  █0.75   1.00     ▒0.25  █0.75   1.00\n"
        "  (q0, q1, ...: the queries, a row each; k0, k1, ...: the keys;\n"
        "   · exactly 0, ░ under 0.25, ▒ under 0.5, ▓ under 0.75, █ 0.75 and up, ! NaN)\n"
        "  They differ most at query 0, key 0: expected 1.00, yours 0.50.\n");
}

TEST_CASE("a map borrowed from another check says whose case it is", "[map]") {
  const std::string text =
      cli::attention_map_text(masked_after_softmax(), false, "", "matches_reference");
  CHECK(text.rfind("attention weights on the smallest failing case of matches_reference "
                   "(batch entry 0, head 1):\n",
                   0) == 0);
}

TEST_CASE("weights that differ by less than a hundredth get the digits that show it", "[map]") {
  cli::AttentionMap m = masked_after_softmax();
  m.got = {0.998, 0.002, 0.25, 0.75};
  const std::string text = cli::attention_map_text(m, false, "");
  CHECK(text.find("expected 1.000, yours 0.998.") != std::string::npos);
  CHECK(text.find("▒0.250") != std::string::npos);  // every cell gets the digits
}

TEST_CASE("NaN weights are shown as NaN and count as the largest difference", "[map]") {
  cli::AttentionMap m = masked_after_softmax();
  m.got = {NAN, NAN, 0.25, 0.70};
  const std::string text = cli::attention_map_text(m, false, "");
  CHECK(text.find("q0 █1.00  ·0      1.00     !NaN   !NaN    NaN  <- differs") !=
        std::string::npos);
  CHECK(text.find("They differ most at query 0, key 0: expected 1.00, yours NaN.") !=
        std::string::npos);
}

TEST_CASE("equal weights say the mistake comes after them", "[map]") {
  cli::AttentionMap m = masked_after_softmax();
  m.got = m.expected;
  const std::string text = cli::attention_map_text(m, false, "");
  CHECK(text.find("<- differs") == std::string::npos);
  CHECK(text.find("Your weights equal the expected ones here: the mistake is in what comes after "
                  "them.") != std::string::npos);
}

TEST_CASE("equal weights in a tensor with more axes say the shape grew", "[map]") {
  cli::AttentionMap m = masked_after_softmax();
  m.got = m.expected;
  m.got_shape = "[1, 1, 2, 2, 2]";
  const std::string text = cli::attention_map_text(m, false, "");
  CHECK(text.find("Your weights equal") == std::string::npos);
  CHECK(text.find("Your weights hold the expected numbers here, but in a tensor of shape [1, 1, 2, "
                  "2, 2], with more") != std::string::npos);
}

TEST_CASE("colour shades the cells' background and has no shade characters", "[map]") {
  const std::string text = cli::attention_map_text(masked_after_softmax(), true, "");
  CHECK(text.find("\033[48;5;255;30m 1.00 ") != std::string::npos);  // white: weight 1
  CHECK(text.find("\033[48;5;232;97m 0    ") != std::string::npos);  // black: weight 0
  CHECK(text.find("█") == std::string::npos);
  CHECK(cli::attention_map_text(masked_after_softmax(), false, "").find('\033') ==
        std::string::npos);
}

TEST_CASE("no map, no text", "[map]") { CHECK(cli::attention_map_text({}, false, "").empty()); }

TEST_CASE("a map's JSON reads back the same, NaN included", "[map][results]") {
  cli::AttentionMap m = masked_after_softmax();
  m.got[1] = NAN;
  const nlohmann::json j = nlohmann::json::parse(report::attention_map_to_json(m).dump());
  const cli::AttentionMap back = report::attention_map_from_json(j);
  CHECK(back.where == m.where);
  CHECK(back.rows == 2);
  CHECK(back.cols == 2);
  CHECK(back.expected == m.expected);
  CHECK(back.got[0] == 0.5);
  CHECK(std::isnan(back.got[1]));
  CHECK(report::attention_map_to_json({}).is_null());
  // Through results.json.
  const auto result = cli::from_json(cli::to_json(with_map(masked_after_softmax())));
  REQUIRE(result);
  CHECK(result->tests.at(0).attention_map.got == masked_after_softmax().got);
}

TEST_CASE("a map's JSON of the wrong size or type is no map", "[map][results]") {
  const nlohmann::json good = report::attention_map_to_json(masked_after_softmax());
  for (const auto& [what, edit] :
       std::vector<std::pair<const char*, std::function<void(nlohmann::json&)>>>{
           {"too many rows", [](nlohmann::json& j) { j["rows"] = 13; }},
           {"no columns", [](nlohmann::json& j) { j["cols"] = 0; }},
           {"a grid one short", [](nlohmann::json& j) { j["got"].erase(0); }},
           {"a string in a grid", [](nlohmann::json& j) { j["expected"][1] = "1"; }},
           {"rows not a number", [](nlohmann::json& j) { j["rows"] = "2"; }},
           {"not an object", [](nlohmann::json& j) { j = nlohmann::json::array(); }},
       }) {
    INFO(what);
    nlohmann::json j = good;
    edit(j);
    CHECK(report::attention_map_from_json(j).rows == 0);
  }
}

TEST_CASE("the SVG draws both grids, outlines the cells that differ, and escapes its title",
          "[map]") {
  const std::string svg = cli::attention_map_svg(masked_after_softmax(), "mha: <check> & more");
  CHECK(svg.rfind("<svg xmlns=\"http://www.w3.org/2000/svg\"", 0) == 0);
  CHECK(svg.find("mha: &lt;check&gt; &amp; more") != std::string::npos);
  size_t cells = 0, outlined = 0;
  for (size_t at = svg.find("<rect x="); at != std::string::npos; at = svg.find("<rect x=", at + 1))
    ++cells;
  for (size_t at = svg.find("stroke=\"#e08000\""); at != std::string::npos;
       at = svg.find("stroke=\"#e08000\"", at + 1))
    ++outlined;
  CHECK(cells == 8);
  CHECK(outlined == 1);
  CHECK(svg.size() > 100);
  CHECK(svg.substr(svg.size() - 7) == "</svg>\n");
}

TEST_CASE("the Markdown summary folds a kata's map in, with the SVG's file or the run's page",
          "[map]") {
  const auto r = with_map(masked_after_softmax());
  CHECK(cli::to_markdown({r}).find("<details>") == std::string::npos);  // no --maps, no maps
  const std::string md = cli::to_markdown({r}, "grade-maps");
  CHECK(md.find("<details><summary>mha, matches_reference: the attention weights, yours beside "
                "the expected ones</summary>") != std::string::npos);
  CHECK(md.find("```text\nattention weights on the smallest failing case") != std::string::npos);
  CHECK(md.find("As an image: [grade-maps/mha.matches_reference.svg]"
                "(grade-maps/mha.matches_reference.svg).\n</details>") != std::string::npos);
  const std::string ci =
      cli::to_markdown({r}, "grade-maps", "https://example.com/runs/7#artifacts");
  CHECK(ci.find("As an image: `grade-maps/mha.matches_reference.svg` in [the run's "
                "artifacts](https://example.com/runs/7#artifacts).") != std::string::npos);
  // A pitfall's map is the one folded in; the others are named.
  cli::KataResult two = r;
  two.tests.push_back(r.tests.front());
  two.tests.back().id = "pitfall_mask_after_softmax";
  two.tests.back().pitfall = "mask_after_softmax";
  const std::string both = cli::to_markdown({two}, "m");
  CHECK(both.find("<summary>mha, pitfall_mask_after_softmax:") != std::string::npos);
  CHECK(both.find("<summary>mha, matches_reference:") == std::string::npos);
  CHECK(both.find("As an image: [m/mha.pitfall_mask_after_softmax.svg]"
                  "(m/mha.pitfall_mask_after_softmax.svg); the 1 other failing check(s) with a map "
                  "have theirs beside it.") != std::string::npos);
}

TEST_CASE("write_attention_maps writes one SVG per check with a map", "[map]") {
  const auto dir = std::filesystem::temp_directory_path() / "kt_render_map_test";
  std::filesystem::remove_all(dir);
  cli::KataResult r = with_map(masked_after_softmax());
  r.tests.push_back(r.tests.front());
  r.tests.back().id = "shape";
  r.tests.back().attention_map = {};
  const auto written = cli::write_attention_maps({r}, dir.string());
  REQUIRE(written.size() == 1);
  CHECK(written[0] == (dir / "mha.matches_reference.svg").string());
  std::ifstream in(written[0]);
  const std::string svg((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  CHECK(svg == cli::attention_map_svg(masked_after_softmax(), "mha: matches_reference"));
  std::filesystem::remove_all(dir);
}

TEST_CASE("a difference too small for six digits is still a difference, and says its size",
          "[map]") {
  cli::AttentionMap m = masked_after_softmax();
  m.got = {1.0, 0.0, 0.25 + 2e-8, 0.75 - 2e-8};  // a float32-sized slip
  const std::string text = cli::attention_map_text(m, false, "");
  CHECK(text.find("Your weights equal") == std::string::npos);
  CHECK(text.find("q1 ▒0.250000  █0.750000   1.000000     ▒0.250000  █0.750000   1.000000  <- "
                  "differs") != std::string::npos);
  CHECK(text.find("They differ most at query 1, key 0, by 2e-08: less than the digits shown.") !=
        std::string::npos);
}

TEST_CASE("weights printed alike are shaded alike", "[map]") {
  cli::AttentionMap m = masked_after_softmax();
  m.expected = {0.4999, 0.5001, 0.25, 0.75};
  m.got = {0.2, 0.8, 0.25, 0.75};
  const std::string text = cli::attention_map_text(m, false, "");
  CHECK(text.find("q0 ▓0.50  ▓0.50") != std::string::npos);
}

TEST_CASE("rows of yours that all sum to one number other than 1 say what it is", "[map]") {
  cli::AttentionMap m;
  m.rows = 2;
  m.cols = 2;
  m.expected = {0.5, 0.5, 0.25, 0.75};
  const double s = 1 / std::sqrt(3.0);
  m.got = {0.5 * s, 0.5 * s, 0.25 * s, 0.75 * s};
  const std::string text = cli::attention_map_text(m, false, "  ");
  INFO(text);
  // (Wrapped as the rest of the report, at 96 columns past the indent.)
  std::string unwrapped;
  for (const char ch : text) unwrapped += ch == '\n' ? ' ' : ch;
  CHECK(unwrapped.find("Every row of yours sums to 0.57735 = 1 / sqrt(3), each expected row to 1: "
                       "what your code returns   is scaled by that (the weights, or what comes "
                       "after them).") != std::string::npos);
  // Rows that sum to 1, or to different numbers, get no such line.
  CHECK(cli::attention_map_text(masked_after_softmax(), false, "").find("Every row") ==
        std::string::npos);
  m.got = {0.5, 0.5, 0.25, 0.5};
  CHECK(cli::attention_map_text(m, false, "").find("Every row") == std::string::npos);
}

TEST_CASE("only a weight of 0 is shaded as 0, not a small one that prints as 0.00", "[map]") {
  cli::AttentionMap m;
  m.rows = 1;
  m.cols = 2;
  m.expected = {0.0, 1.0};
  m.got = {1e-5, 0.5};
  const std::string text = cli::attention_map_text(m, false, "");
  INFO(text);
  CHECK(text.find("q0 ·0     █1.00   1.00     ░0.00  ▓0.50") != std::string::npos);
}
