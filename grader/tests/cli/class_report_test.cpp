// What a class gets wrong (grader/cli/instructor/class_report.hpp): the counts, and the exact CSV
// and Markdown an instructor reads.
#include <catch2/catch.hpp>
#include <optional>
#include <string>
#include <vector>

#include "grader/cli/instructor/class_report.hpp"

namespace {

using cli::KataResult;
using cli::Status;
using cli::TestResult;

/// A submission whose checks named `pitfalls` and diagnosed `diagnoses` (one check each).
std::optional<KataResult> submission(Status status, const std::vector<std::string>& pitfalls,
                                     const std::vector<std::string>& diagnoses) {
  KataResult r;
  r.kata = "mha";
  r.status = status;
  for (const auto& p : pitfalls) {
    TestResult t;
    t.id = "pitfall_" + p;
    t.status = Status::Fail;
    t.pitfall = p;
    r.tests.push_back(t);
  }
  for (const auto& d : diagnoses) {
    TestResult t;
    t.id = "matches_reference";
    t.status = Status::Fail;
    t.diagnosis = d;
    r.tests.push_back(t);
  }
  return r;
}

std::vector<std::optional<KataResult>> a_class() {
  return {submission(Status::Pass, {}, {}),
          submission(Status::Fail, {"neg_inf_nan"}, {"neg_inf_nan"}),  // counted once
          submission(Status::Fail, {"neg_inf_nan", "wrong_head_order"}, {}),
          submission(Status::Fail, {}, {"mask_ignored"}),
          std::nullopt};  // the grader produced no result
}

}  // namespace

TEST_CASE("each submission counts once per mistake, the most frequent first", "[class]") {
  const auto counts = cli::count_mistakes(a_class());
  REQUIRE(counts.size() == 3);
  CHECK(counts[0].id == "neg_inf_nan");
  CHECK(counts[0].kind == "pitfall");
  CHECK(counts[0].submissions == 2);
  CHECK(counts[1].id == "wrong_head_order");  // a pitfall before a diagnosis on a tie
  CHECK(counts[2].id == "mask_ignored");
  CHECK(counts[2].kind == "diagnosis");
}

TEST_CASE("the class's mistakes as CSV and Markdown, exactly", "[class]") {
  const auto results = a_class();
  const auto counts = cli::count_mistakes(results);
  CHECK(cli::mistakes_csv("mha", counts, results.size()) ==
        "kata,kind,id,submissions,of\n"
        "mha,pitfall,neg_inf_nan,2,5\n"
        "mha,pitfall,wrong_head_order,1,5\n"
        "mha,diagnosis,mask_ignored,1,5\n");
  CHECK(cli::class_markdown("mha", results, counts, "mistakes.svg") ==
        "## mha: 5 submission(s)\n\n"
        "- pass: 1 of 5 (20%)\n"
        "- fail: 3 of 5 (60%)\n"
        "- error: 1 of 5 (20%)\n\n"
        "### What the class gets wrong\n\n"
        "Pitfalls are the kata's named mistakes (scored, with hints); diagnoses are the other "
        "mistakes the grader recognised. Each submission counts once per mistake. Chart: "
        "[mistakes.svg](mistakes.svg)\n\n"
        "| mistake | kind | submissions | |\n|---|---|---|---|\n"
        "| `neg_inf_nan` | pitfall | 2 of 5 (40%) | ████████ |\n"
        "| `wrong_head_order` | pitfall | 1 of 5 (20%) | ████ |\n"
        "| `mask_ignored` | diagnosis | 1 of 5 (20%) | ████ |\n");
}

TEST_CASE("the chart has a bar per mistake, and ids that could break it are made safe", "[class]") {
  auto results = a_class();
  results.push_back(submission(Status::Fail, {}, {"<script>&\"x"}));
  const auto counts = cli::count_mistakes(results);
  const std::string svg = cli::mistakes_svg("mha", counts, results.size());
  CHECK(svg.rfind("<svg xmlns=\"http://www.w3.org/2000/svg\"", 0) == 0);
  CHECK(svg.size() > 7);
  CHECK(svg.substr(svg.size() - 7) == "</svg>\n");
  size_t rects = 0;
  for (size_t at = svg.find("<rect"); at != std::string::npos; at = svg.find("<rect", at + 1))
    ++rects;
  CHECK(rects == counts.size());
  CHECK(svg.find("<script") == std::string::npos);
  CHECK(svg.find("?script??\"") == std::string::npos);
  CHECK(svg.find("?script???x") != std::string::npos);
}

TEST_CASE("a class with no mistake says so", "[class]") {
  const std::vector<std::optional<KataResult>> results = {submission(Status::Pass, {}, {})};
  CHECK(cli::class_markdown("mha", results, cli::count_mistakes(results), "mistakes.svg")
            .find("No pitfall and no diagnosis in any submission.") != std::string::npos);
}
