// One root cause per mistake, said the same way by every report: the text report, results.json,
// the Markdown summary and JUnit read their grouping from causes() (Note [root causes] in
// result.cpp), and a summary never lists a check under two causes.
#include <algorithm>
#include <catch2/catch.hpp>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <regex>
#include <sstream>
#include <string>

#include "grader/cli/reports/render.hpp"
#include "grader/cli/reports/results_json.hpp"
#include "grader/tests/cli/check_result.hpp"

namespace {

using cli::Status;
using cli::Stop;
using cli::TestResult;
using cli::Wrong;
using cli::testing::could_not_check;
using cli::testing::threw;
using Grouping =
    std::map<std::string, std::string>;  // failing check -> the check showing its cause

TestResult a_check(const std::string& id, Status status, const std::string& message = "x.") {
  return cli::testing::check(id, status, message);
}

cli::KataResult kata(std::vector<TestResult> tests) {
  cli::KataResult r;
  r.kata = "mha";
  r.title = "Multi-head attention";
  r.status = Status::Fail;
  r.tests = std::move(tests);
  return r;
}

/// A found pitfall with a catalogued mistake beside it: two general checks diagnosed with the
/// double, the pitfall's own check, and a pitfall the double names whose detector is silent.
std::vector<TestResult> double_with_a_pitfall() {
  TestResult values = a_check("matches_reference", Status::Fail, "differs.");
  values.diagnosis = "scale_by_d_k+masks_combined_with_or";
  values.diagnosis_parts = {"scale_by_d_k", "masks_combined_with_or"};
  values.diagnosis_message = "Your output equals two mistakes at once.";
  TestResult axes = a_check("leading_axes", Status::Fail, "differs.");
  axes.diagnosis = values.diagnosis;
  axes.diagnosis_parts = values.diagnosis_parts;
  TestResult named = a_check("pitfall_scale_by_d_k", Status::Fail, "divided by d_k.");
  named.pitfall = "scale_by_d_k";
  return {values, axes, named, a_check("pitfall_missing_scale", Status::Pass)};
}

/// Results whose failures fall into one, two or several causes, through every kind of key.
std::vector<cli::KataResult> results() {
  std::vector<cli::KataResult> out;
  {  // a pitfall that explains a thrown error elsewhere, and a diagnosis of its own
    TestResult shape = a_check("shape", Status::Fail, "forward threw.");
    threw(shape, "kt::ViewError", "view size is not compatible (view of shape [1, 2, 2, 2])");
    TestResult order = could_not_check("pitfall_wrong_head_order", "x", "x.");
    threw(order, "kt::ViewError", "view size is not compatible (view of shape [1, 3, 2, 2])");
    TestResult named = a_check("pitfall_missing_contiguous", Status::Fail, "view() throws.");
    named.pitfall = "missing_contiguous";
    threw(named, "kt::ViewError", "view size is not compatible (view of shape [1, 2, 2, 2])");
    TestResult other = a_check("matches_reference", Status::Fail, "differs.");
    other.diagnosis = "mask_ignored";
    out.push_back(kata({shape, a_check("causal_is_causal", Status::Pass), order, named, other}));
  }
  {  // a wrong dtype in two checks, beside a pitfall: two causes, neither listed under the other
    TestResult shape = a_check("shape", Status::Fail, "the result has dtype float32.");
    shape.wrong = Wrong::Dtype;
    TestResult skipped = could_not_check("pitfall_neg_inf_nan", "x", "x.");
    skipped.wrong = Wrong::Dtype;
    TestResult named = a_check("pitfall_scale_by_d_model", Status::Fail, "scaled by d_model.");
    named.pitfall = "scale_by_d_model";
    TestResult values = a_check("matches_reference", Status::Fail, "differs.");
    values.pitfall = "";
    values.diagnosis = "scale_by_d_model";
    out.push_back(kata({shape, values, skipped, named}));
  }
  {  // crashes by one signal, another signal, a time-out and the checks not run after it
    TestResult a = a_check("shape", Status::Error, "crashed with SIGSEGV on the case below.");
    a.stop = Stop::Crashed;
    a.signal = 11;
    TestResult b = a_check("matches_reference", Status::Error, "crashed with SIGSEGV.");
    b.stop = Stop::Crashed;
    b.signal = 11;
    TestResult c = a_check("fully_masked_rows", Status::Error, "crashed with SIGFPE.");
    c.stop = Stop::Crashed;
    c.signal = 8;
    TestResult slow = a_check("causal_is_causal", Status::Error, "timed out: used 10 s.");
    slow.stop = Stop::CpuLimit;
    TestResult not_run = a_check("pitfall_neg_inf_nan", Status::Error, "not run.");
    not_run.stop = Stop::NotRun;
    not_run.after = "causal_is_causal";
    out.push_back(kata({a, slow, b, c, not_run}));
  }
  {  // a journey shared by two checks, two pitfalls each on its own, one check alone
    TestResult a = a_check("matches_reference", Status::Fail, "differs.");
    a.journey = "step 3 never computed";
    TestResult b = a_check("causal_is_causal", Status::Fail, "differs.");
    b.journey = a.journey;
    TestResult p = a_check("pitfall_mask_after_softmax", Status::Fail, "masked after.");
    p.pitfall = "mask_after_softmax";
    TestResult q = a_check("pitfall_softmax_wrong_dim", Status::Fail, "wrong dim.");
    q.pitfall = "softmax_wrong_dim";
    TestResult alone = a_check("fully_masked_rows", Status::Fail, "NaN in a row.");
    out.push_back(kata({a, p, b, q, alone, a_check("shape", Status::Pass)}));
  }
  out.push_back(kata(double_with_a_pitfall()));
  return out;
}

Grouping expected_grouping(const cli::KataResult& r) {
  Grouping g;
  for (const cli::Cause& c : cli::causes(r))
    for (const size_t i : c.checks) g[r.tests[i].id] = r.tests[c.shown_by].id;
  return g;
}

/// The text report's grouping: each failing check's block either shows its cause in full (its
/// own) or names the check above that does.
Grouping text_grouping(const cli::KataResult& r) {
  const std::string text = cli::to_text(r, false, "./grade mha");
  const std::regex head(R"(^  (FAIL|SKIP|ERROR) +(\w+))");
  const std::regex tie(R"((Same cause as|as in|same code as) (\w+)[ ,])");
  Grouping g;
  std::istringstream lines(text);
  std::string line, current, block;  // a check's lines below its head, joined (they wrap)
  for (std::smatch m; std::getline(lines, line);) {
    if (std::regex_search(line, m, head)) {
      current = m[2];
      g[current] = current;
      block.clear();
    } else if (line.rfind("        ", 0) != 0) {
      current.clear();  // the summary
    } else if (!current.empty()) {
      block += line.substr(7);
      if (std::regex_search(block, m, tie)) g[current] = m[2];
    }
  }
  return g;
}

Grouping json_grouping(const cli::KataResult& r) {
  const nlohmann::json j = nlohmann::json::parse(cli::dump_json(cli::to_json(r)));
  Grouping g;
  for (const auto& t : j["tests"])
    if (!t["cause"].is_null())
      g[t["name"]] = j["causes"][t["cause"].get<size_t>()]["shown_by"].get<std::string>();
  return g;
}

Grouping markdown_grouping(const cli::KataResult& r) {
  const std::string md = cli::to_markdown({r});
  const std::regex cause(R"(^\d+\. .*, shown under `(\w+)`: (.*)$)");
  const std::regex id("`(\\w+)`");
  Grouping g;
  std::istringstream lines(md);
  std::string line;
  for (std::smatch m; std::getline(lines, line);) {
    if (!std::regex_match(line, m, cause)) continue;
    const std::string shown_by = m[1], list = m[2];
    for (auto it = std::sregex_iterator(list.begin(), list.end(), id); it != std::sregex_iterator();
         ++it)
      g[(*it)[1]] = shown_by;
  }
  return g;
}

Grouping junit_grouping(const cli::KataResult& r) {
  const std::string xml = cli::to_junit({r});
  const std::regex testcase("<testcase classname=\"\\w+\" name=\"(\\w+)\"");
  const std::regex cause("cause \\d+ of \\d+: [^\\n<]*, shown under (\\w+)");
  Grouping g;
  std::istringstream lines(xml);
  std::string line, current;
  for (std::smatch m; std::getline(lines, line);) {
    if (std::regex_search(line, m, testcase)) current = m[1];
    if (std::regex_search(line, m, cause)) g[current] = m[1];
  }
  return g;
}

}  // namespace

TEST_CASE("the four report formats group every failing check under the same root cause",
          "[render]") {
  for (const cli::KataResult& r : results()) {
    const Grouping expected = expected_grouping(r);
    INFO("checks: " << r.tests.size() << ", first " << r.tests.front().id);
    CHECK(text_grouping(r) == expected);
    CHECK(json_grouping(r) == expected);
    CHECK(markdown_grouping(r) == expected);
    CHECK(junit_grouping(r) == expected);
  }
}

TEST_CASE("causes come from typed reasons: one signal, one exception type, a not-run check's own",
          "[render]") {
  const std::vector<cli::KataResult> all = results();
  const Grouping crashes = expected_grouping(all[2]);
  CHECK(crashes.at("matches_reference") == "shape");               // SIGSEGV twice: one cause
  CHECK(crashes.at("fully_masked_rows") == "fully_masked_rows");   // SIGFPE: another
  CHECK(crashes.at("pitfall_neg_inf_nan") == "causal_is_causal");  // not run after the time-out
  const Grouping views = expected_grouping(all[0]);
  CHECK(views.at("shape") == "pitfall_missing_contiguous");  // the same ViewError, other numbers
  CHECK(views.at("pitfall_wrong_head_order") == "pitfall_missing_contiguous");
  CHECK(views.at("matches_reference") == "matches_reference");
  // One exception type from two ops (a masked_fill's broadcast where the case has a mask, a
  // matmul's where it has none): one mistake, one cause, and the text does not call it "the same".
  TestResult shape = a_check("shape", Status::Fail, "forward threw.");
  threw(shape, "kt::Error",
        "masked_fill: the size of tensor a (4) must match (shapes [1, 2, 2, 4] "
        "and [2, 2])");
  TestResult values = a_check("matches_reference", Status::Fail, "forward threw.");
  threw(values, "kt::Error", "matmul: the batch dims [1, 4] and [1, 2] do not broadcast");
  TestResult again = a_check("causal_is_causal", Status::Fail, "forward threw.");
  threw(again, "kt::Error",
        "masked_fill: the size of tensor a (3) must match (shapes [1, 2, 3, 3] "
        "and [1, 1, 2, 2])");
  const cli::KataResult two_ops = kata({shape, values, again});
  const Grouping ops = expected_grouping(two_ops);
  CHECK(ops.at("matches_reference") == "shape");
  CHECK(ops.at("causal_is_causal") == "shape");
  const std::string text = cli::to_text(two_ops, false, "./grade gqa");
  CHECK(text.find("Same cause as shape above (on its case your code threw a kt::Error too)") !=
        std::string::npos);
  CHECK(text.find("Same cause as shape above (on its case your code threw the same kt::Error)") !=
        std::string::npos);
  // Beside a check that did not throw (tied through a journey both share), no "too".
  TestResult wrong_shape = a_check("shape", Status::Fail, "the result has shape [1, 2].");
  wrong_shape.journey = "step 4 computed differently";
  TestResult both = a_check("matches_reference", Status::Fail, "differs.");
  both.journey = wrong_shape.journey;
  threw(both, "kt::Error", "matmul: the batch dims [1, 4] and [1, 2] do not broadcast");
  TestResult thrown = a_check("leading_axes", Status::Fail, "forward threw.");
  threw(thrown, "kt::Error", "masked_fill: the size of tensor a (4) must match");
  TestResult skipped = could_not_check("pitfall_missing_scale", "missing_scale", "x.");
  threw(skipped, "kt::Error", "masked_fill: the size of tensor a (3) must match");
  const std::string tied =
      cli::to_text(kata({wrong_shape, both, thrown, skipped}), false, "./grade sdpa");
  CHECK(
      tied.find(
          "Same cause as shape above (on its case your code threw a kt::Error): fix that first") !=
      std::string::npos);
  CHECK(tied.find("threw a kt::Error too") == std::string::npos);
  const std::string flat = std::regex_replace(tied, std::regex("\n +"), " ");  // unwrapped
  CHECK(flat.find("the code threw a kt::Error on its case; the cause is the one shown in shape "
                  "above") != std::string::npos);
}

TEST_CASE("the summary names each cause once and never calls a grouped check untied", "[render]") {
  for (const cli::KataResult& r : results()) {
    const std::string text = cli::to_text(r, false, "./grade mha");
    const size_t footer = text.find("\n\n");
    REQUIRE(footer != std::string::npos);
    const std::string summary = text.substr(footer);
    const Grouping g = expected_grouping(r);
    const size_t untied = summary.find("Failing too, on cases of their own: ");
    if (untied == std::string::npos) continue;
    const std::string list = summary.substr(untied, summary.find('\n', untied) - untied);
    for (const auto& [check, shown_by] : g) {
      const bool listed = std::regex_search(list, std::regex("\\b" + check + "\\b"));
      // Listed as untied only when it is a cause of its own, shown by itself, with no pitfall.
      if (listed) {
        CHECK(shown_by == check);
        CHECK(std::count_if(g.begin(), g.end(),
                            [&c = check](const auto& kv) { return kv.second == c; }) == 1);
      }
    }
  }
  std::string two = cli::to_text(results()[1], false, "./grade mha");
  std::replace(two.begin(), two.end(), '\n', ' ');  // the summary's lines are wrapped
  CHECK(two.find("pitfall found: scale_by_d_model - fix it first. 2 checks") != std::string::npos);
  CHECK(two.find("2 checks (1 of them skipped) come from one cause, the wrong dtype shown under "
                 "shape: maybe from the pitfall, maybe a second mistake: rerun after fixing "
                 "it.") != std::string::npos);
}

TEST_CASE("a pitfall with a second mistake beside it is told as both, never as untied",
          "[render]") {
  const cli::KataResult r = kata(double_with_a_pitfall());
  std::string text = cli::to_text(r, false, "./grade sdpa");
  CHECK(text.find("        diagnosis, two mistakes: scale_by_d_k and masks_combined_with_or:\n") !=
        std::string::npos);
  std::replace(text.begin(), text.end(), '\n', ' ');  // the summary's lines are wrapped
  CHECK(text.find("pitfall found: scale_by_d_k - fix it first. 2 checks come from the pitfall "
                  "scale_by_d_k together with a second mistake, the diagnosis "
                  "scale_by_d_k+masks_combined_with_or shown under matches_reference: fix "
                  "both.") != std::string::npos);
  CHECK(text.find("not tied") == std::string::npos);
  CHECK(text.find("come from it") == std::string::npos);
  const std::vector<cli::Cause> found = cli::causes(r);
  REQUIRE(found.size() == 2);
  CHECK(found[0].with_pitfalls == std::vector<std::string>{"scale_by_d_k"});
  CHECK(found[1].with_pitfalls.empty());  // the pitfall's own cause
}

TEST_CASE("a pitfall's check that passes beside a diagnosis naming it says so", "[render]") {
  TestResult values = a_check("prefill_matches_reference", Status::Fail, "differs.");
  values.diagnosis = "causal_top_left+keys_never_rotated";
  values.diagnosis_parts = {"causal_top_left", "keys_never_rotated"};
  const std::string text =
      cli::to_text(kata({values, a_check("pitfall_causal_top_left", Status::Pass),
                         a_check("pitfall_cache_not_appended", Status::Pass)}),
                   false, "./grade kv_cache");
  CHECK(
      text.find("  PASS  pitfall_causal_top_left  (its detector did not find it alone; the "
                "diagnosis under prefill_matches_reference names it as part of your mistake)\n") !=
      std::string::npos);
  CHECK(text.find(
            "  Named pitfalls not found: pitfall_cache_not_appended\n        (each detector looks "
            "for its one mistake") != std::string::npos);
}

TEST_CASE("beside a failure, the pitfalls not found are one line that says what it means",
          "[render]") {
  const auto report = [](Status values) {
    cli::KataResult r =
        kata({a_check("matches_reference", values, "differs."), a_check("pitfall_a", Status::Pass),
              a_check("pitfall_b", Status::Pass)});
    r.status = values;
    return cli::to_text(r, false, "./grade sdpa");
  };
  const std::string failing = report(Status::Fail);
  CHECK(
      failing.find(
          "  Named pitfalls not found: pitfall_a, pitfall_b\n        (each detector looks for its "
          "one mistake, alone: yours may be one no pitfall names") != std::string::npos);
  CHECK(failing.find("pitfall_a  (not found)") == std::string::npos);
  // All passing: one line each, as every other check.
  const std::string passing = report(Status::Pass);
  CHECK(passing.find("  PASS  pitfall_a  (not found)\n  PASS  pitfall_b  (not found)\n") !=
        std::string::npos);
}

TEST_CASE("beside a pitfall found, the pitfalls not found cast no doubt on it", "[render]") {
  TestResult found = a_check("pitfall_a", Status::Fail, "the mean over everything.");
  found.pitfall = "a";
  cli::KataResult r = kata({found, a_check("pitfall_b", Status::Pass)});
  r.status = Status::Fail;
  std::string text = cli::to_text(r, false, "./grade rms_norm");
  INFO(text);
  for (size_t at; (at = text.find("\n        ")) != std::string::npos;) text.replace(at, 9, " ");
  CHECK(text.find("  Named pitfalls not found: pitfall_b (each detector looks for its one mistake, "
                  "alone)") != std::string::npos);
  CHECK(text.find("yours may be one no pitfall names") == std::string::npos);
}

TEST_CASE("beside a diagnosis no pitfall is, the pitfalls not found are said to be others",
          "[render]") {
  TestResult values = a_check("encode_matches", Status::Fail, "differs.");
  values.diagnosis = "encode_latest_merge_first";
  cli::KataResult r = kata({values, a_check("pitfall_encode_not_by_rank", Status::Pass)});
  r.status = Status::Fail;
  std::string text = cli::to_text(r, false, "./grade bpe");
  INFO(text);
  // Read as one line: the wrap falls where the text's width puts it.
  for (size_t at; (at = text.find("\n        ")) != std::string::npos;) text.replace(at, 9, " ");
  CHECK(
      text.find(
          "  Named pitfalls not found: pitfall_encode_not_by_rank (each detector looks for its one "
          "mistake, alone; the diagnosis encode_latest_merge_first above is none of "
          "theirs)") != std::string::npos);
  CHECK(text.find("yours may be one no pitfall names") == std::string::npos);
}

TEST_CASE("no report reads a cause, a sandbox or a build failure off a message's words",
          "[render]") {
  // The layers that report results read typed fields; a message's text is for the learner. A
  // search of such text in these files is the regression this guards against.
  const std::regex searched(R"((message|threw|sandbox|error|output)\s*\.\s*r?find\s*\(\s*")");
  for (const char* file :
       {"cli/reports/result.cpp", "cli/reports/render_text.cpp", "cli/reports/render_markdown.cpp",
        "cli/reports/render_junit.cpp", "cli/reports/results_json.cpp", "cli/running/run.cpp",
        "cli/grade.cpp", "cli/running/check_host.cpp", "channel/learner_run.cpp",
        "lib/learner_call.cpp", "report/finding.cpp", "report/finding_json.cpp"}) {
    std::ifstream in(std::string(KT_GRADER_DIR) + "/" + file);
    REQUIRE(in);
    std::stringstream text;
    text << in.rdbuf();
    INFO(file);
    CHECK_FALSE(std::regex_search(text.str(), searched));
  }
}

TEST_CASE(
    "causes after the first, with no pitfall, are not called separate: one mistake can show "
    "two ways",
    "[render]") {
  TestResult shape = a_check("shape", Status::Fail, "the result has shape [1, 4].");
  shape.wrong = Wrong::Shape;
  TestResult norm = a_check("norm_preserved", Status::Fail, "x.");
  norm.wrong = Wrong::Shape;
  TestResult values = a_check("matches_reference", Status::Fail, "differs.");
  values.journey = "step 3 never computed";
  TestResult other = a_check("relative_positions", Status::Fail, "differs.");
  other.journey = values.journey;
  std::string text = cli::to_text(kata({shape, norm, values, other}), false, "./grade rope");
  std::replace(text.begin(), text.end(), '\n', ' ');  // the summary's lines are wrapped
  CHECK(text.find("2 checks come from one cause, the wrong shape shown under shape: fix it "
                  "first.") != std::string::npos);
  CHECK(text.find("2 checks come from one cause, the first diverging step shown under "
                  "matches_reference: maybe the first one showing another way, maybe a second "
                  "mistake: rerun after fixing the first.") != std::string::npos);
  CHECK(text.find("separate") == std::string::npos);
}

TEST_CASE("journeys on different cases that name one diverging step are one cause, said by step",
          "[render]") {
  // One rope mistake: the angles never made. Wrong values on one case, a throw on another; each
  // journey is on its own case (other text), and both name step 3.
  TestResult values = a_check("matches_reference", Status::Fail, "differs.");
  values.journey = "On the case x shape = [1, 1, 2, 4]:\n...";
  values.journey_step = "step 3 (angles = positions ⊗ inv_freq)";
  TestResult thrown = a_check("continues_from_start_pos", Status::Fail, "rope threw.");
  threw(thrown, "kt::Error", "mul: the sizes [3] and [4] do not broadcast");
  thrown.journey = "On the case x shape = [1, 2, 3, 8]:\n...";
  thrown.journey_step = values.journey_step;
  TestResult other = a_check("long_contexts", Status::Fail, "differs.");
  other.journey = "On the case x shape = [1, 1, 2, 4], start_pos = 1000:\n...";
  other.journey_step = "step 5 (cos(emb))";  // another step: another cause
  const cli::KataResult r = kata({values, thrown, other});
  const Grouping grouping = expected_grouping(r);
  CHECK(grouping.at("continues_from_start_pos") == "matches_reference");
  CHECK(grouping.at("long_contexts") == "long_contexts");
  const std::string text =
      std::regex_replace(cli::to_text(r, false, "./grade rope"), std::regex("\\s*\n\\s*"), " ");
  CHECK(text.find("2 checks come from one cause, the divergence at step 3 (angles = positions ⊗ "
                  "inv_freq) shown under matches_reference: fix it first.") != std::string::npos);
  // A check tied by the step alone says which step, with no parentheses in parentheses.
  TestResult tied = a_check("any_layout", Status::Fail, "differs.");
  tied.journey = "On the case x shape = [2, 1, 4, 6]:\n...";
  tied.journey_step = values.journey_step;
  const std::string by_step = std::regex_replace(
      cli::to_text(kata({values, tied}), false, "./grade rope"), std::regex("\\s*\n\\s*"), " ");
  CHECK(by_step.find("Same cause as matches_reference above, the divergence at step 3 (angles = "
                     "positions ⊗ inv_freq): fix that first") != std::string::npos);
}
