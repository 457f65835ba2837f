// The text report: what a learner reads first. Exact text for the root-cause grouping, so a change
// to what they read is a change to this file.
#include <catch2/catch.hpp>
#include <string>

#include "grader/cli/reports/render.hpp"
#include "grader/tests/cli/check_result.hpp"

namespace {

using cli::Status;
using cli::TestResult;

using cli::testing::check;
using cli::testing::could_not_check;
using cli::testing::threw;

/// A missing .contiguous(): the pitfall's check names it, a general check and a detector hit the
/// same kt::ViewError on other shapes.
cli::KataResult view_error_result() {
  cli::KataResult r;
  r.kata = "mha";
  r.title = "Multi-head attention";
  r.status = Status::Fail;
  TestResult shape = check("shape", Status::Fail, "forward threw instead of returning: ...");
  threw(shape, "kt::ViewError", "view size is not compatible (view of shape [1, 2, 2, 2])");
  TestResult order =
      could_not_check("pitfall_wrong_head_order", "the head order", "forward threw ...");
  threw(order, "kt::ViewError", "view size is not compatible (view of shape [1, 2, 3, 2])");
  TestResult named = check("pitfall_missing_contiguous", Status::Fail, "view() throws.");
  named.pitfall = "missing_contiguous";
  named.hint = "hints/mha/pitfalls/missing_contiguous.md";
  threw(named, "kt::ViewError", "view size is not compatible (view of shape [1, 2, 2, 2])");
  r.tests = {shape, check("causal_is_causal", Status::Pass), order, named};
  return r;
}

/// The report as one line, its wrapping undone (a newline and its indent become one space).
std::string unwrapped(const std::string& report) {
  std::string text;
  for (const char ch : report) {
    if (ch == '\n') {
      text += ' ';
    } else if (ch != ' ' || text.empty() || text.back() != ' ') {
      text += ch;
    }
  }
  return text;
}

}  // namespace

TEST_CASE("a check's own case is the rerun command with only its --check, not one more",
          "[render]") {
  const std::string text = cli::to_text(
      view_error_result(), false, "./grade mha --seed 3 --check shape --check causal_is_causal");
  CHECK(text.find("Its own case:\n          ./grade mha --seed 3 --check shape\n") !=
        std::string::npos);
  CHECK(text.find("--check causal_is_causal --check shape") == std::string::npos);
}

TEST_CASE("a check's own case is a command on a line of its own, never wrapped", "[render]") {
  const std::string rerun =
      "./grade mha --seed 1 --solution "
      "solutions/mha/wrong/a_file_with_a_rather_long_name_indeed.cpp";
  const std::string text = cli::to_text(view_error_result(), false, rerun);
  CHECK(text.find("\n          " + rerun + " --check shape\n") != std::string::npos);
  CHECK(text.find("\n          " + rerun + " --check pitfall_wrong_head_order\n") !=
        std::string::npos);
}

TEST_CASE("checks that threw the same error are one cause, shown once by the pitfall that names it",
          "[render]") {
  CHECK(cli::to_text(view_error_result(), false, "./grade mha") ==
        "mha: Multi-head attention\n"
        "  FAIL  pitfall_missing_contiguous  pitfall: missing_contiguous\n"
        "        view() throws.\n"
        "        hint: hints/mha/pitfalls/missing_contiguous.md\n"
        "  FAIL  shape\n"
        "        Same cause as pitfall_missing_contiguous above (on its case your code threw the "
        "same\n"
        "        kt::ViewError): fix that first, this check should follow. Its own case:\n"
        "          ./grade mha --check shape\n"
        "  SKIP  pitfall_wrong_head_order\n"
        "        could not check for the head order: the code threw the same kt::ViewError as in\n"
        "        pitfall_missing_contiguous above. Its own case:\n"
        "          ./grade mha --check pitfall_wrong_head_order\n"
        "  PASS  causal_is_causal\n"
        "\n"
        "2 of 4 checks failed, 1 skipped  score 1/4\n"
        "points lost: shape 1, pitfall_wrong_head_order 1, pitfall_missing_contiguous 1 (each "
        "check's\npoints: katas/mha/kata.toml)\n"
        "pitfall found: missing_contiguous - fix it first. The other failures come from it.\n"
        "rerun exactly this: ./grade mha\n"
        "stuck? ./grade hint mha\n");
}

TEST_CASE("a failure no pitfall explains is listed after the pitfalls, never hidden behind them",
          "[render]") {
  cli::KataResult r = view_error_result();
  TestResult other = check("matches_reference", Status::Fail, "differs from the reference.");
  other.diagnosis = "mask_ignored";
  r.tests.push_back(other);
  const std::string text = cli::to_text(r, false, "./grade mha");
  CHECK(text.find("  FAIL  matches_reference\n        differs from the reference.\n") !=
        std::string::npos);
  CHECK(text.find("pitfall found: missing_contiguous - fix it first. Failing too, on cases of "
                  "their own: matches_reference; no check shows whether they come from it or from "
                  "a second mistake: rerun after the fix.\n") != std::string::npos);
}

TEST_CASE("a skipped check with a cause of its own is shown in full, as skipped", "[render]") {
  cli::KataResult r;
  r.kata = "sdpa";
  r.title = "Scaled dot-product attention";
  r.status = Status::Fail;
  TestResult skipped =
      could_not_check("pitfall_causal_top_left", "causal_top_left", "returned shape [2].");
  skipped.counterexample = {{"T_q", "2"}};
  r.tests = {skipped};
  const std::string text = cli::to_text(r, false, "./grade sdpa");
  CHECK(text.find("  SKIP  pitfall_causal_top_left\n"
                  "        could not check for causal_top_left: returned shape [2].\n"
                  "        the case it could not check:\n"
                  "          T_q = 2\n") != std::string::npos);
  CHECK(text.find("0 of 1 checks failed, 1 skipped  score 0/1\npoints lost: "
                  "pitfall_causal_top_left 1 (each check's points: katas/sdpa/kata.toml)\n") !=
        std::string::npos);
}

TEST_CASE("checks that got a result of the wrong shape are one cause, the first shown in full",
          "[render]") {
  cli::KataResult r;
  r.kata = "sdpa";
  r.title = "Scaled dot-product attention";
  r.status = Status::Fail;
  TestResult shape = check("shape", Status::Fail, "the result has shape [1, 2]; expected [1, 1].");
  shape.wrong = cli::Wrong::Shape;
  shape.diagnosis = "returns_weights";
  TestResult scale =
      could_not_check("pitfall_missing_scale", "missing_scale", "the result has shape [2, 2].");
  scale.wrong = cli::Wrong::Shape;
  r.tests = {shape, scale};
  const std::string text = unwrapped(cli::to_text(r, false, "./grade sdpa"));
  CHECK(
      text.find(
          " FAIL shape the result has shape [1, 2]; expected [1, 1]. diagnosis returns_weights") !=
      std::string::npos);
  CHECK(text.find(
            " SKIP pitfall_missing_scale could not check for missing_scale: the code returned a "
            "result of the wrong shape, as in shape above. Its own case: ./grade sdpa "
            "--check pitfall_missing_scale ") != std::string::npos);
  CHECK(
      text.find(" 2 checks (1 of them skipped) come from one cause, the diagnosis returns_weights "
                "shown under shape: fix it first. ") != std::string::npos);
}

TEST_CASE("a check with two causes joins their groups into one", "[render]") {
  // shape: the wrong shape, diagnosed; matches_reference: the same diagnosis on a case where the
  // shapes happen to agree; a detector skipped for the wrong shape.
  cli::KataResult r;
  r.kata = "sdpa";
  r.title = "Scaled dot-product attention";
  r.status = Status::Fail;
  TestResult shape = check("shape", Status::Fail, "the result has shape [1, 2].");
  shape.wrong = cli::Wrong::Shape;
  shape.diagnosis = "returns_weights";
  TestResult values = check("matches_reference", Status::Fail, "the result differs.");
  values.diagnosis = "returns_weights";
  TestResult scale =
      could_not_check("pitfall_missing_scale", "missing_scale", "the result has shape [2, 2].");
  scale.wrong = cli::Wrong::Shape;
  r.tests = {values, shape, scale};
  const std::string text = unwrapped(cli::to_text(r, false, "./grade sdpa"));
  CHECK(text.find(" FAIL matches_reference the result differs. ") != std::string::npos);
  CHECK(
      text.find(" FAIL shape Same cause as matches_reference above (diagnosis returns_weights)") !=
      std::string::npos);
  CHECK(text.find(
            " SKIP pitfall_missing_scale could not check for missing_scale: the code returned "
            "a result of the wrong shape, as in matches_reference above.") != std::string::npos);
  CHECK(
      text.find(" 3 checks (1 of them skipped) come from one cause, the diagnosis returns_weights "
                "shown under matches_reference: fix it first. ") != std::string::npos);
}

TEST_CASE("checks that crashed the same way are one cause, shown once", "[render]") {
  cli::KataResult r;
  r.kata = "sdpa";
  r.title = "Scaled dot-product attention";
  r.status = Status::Error;
  TestResult shape =
      check("shape", Status::Error, "crashed with SIGSEGV (segmentation fault) on the case below.");
  shape.stop = cli::Stop::Crashed;
  shape.signal = 11;
  shape.counterexample = {{"T_q", "1"}};
  TestResult values = check("matches_reference", Status::Error,
                            "crashed with SIGSEGV (segmentation fault) on the case below.");
  values.stop = cli::Stop::Crashed;
  values.signal = 11;
  values.counterexample = {{"T_q", "3"}};
  TestResult slow = check("causal_is_causal", Status::Error,
                          "timed out: used more than 10 s of CPU time on the case below.");
  slow.stop = cli::Stop::CpuLimit;
  r.tests = {shape, values, slow};
  const std::string text = unwrapped(cli::to_text(r, false, "./grade sdpa"));
  CHECK(text.find(" ERROR shape crashed with SIGSEGV (segmentation fault) on the case below. the "
                  "case it was running: T_q = 1 ") != std::string::npos);
  CHECK(text.find(" ERROR matches_reference Same cause as shape above (the same error): fix that "
                  "first, this check should follow. Its own case: ./grade sdpa --check "
                  "matches_reference ") != std::string::npos);
  // Another error is another cause: shown in full.
  CHECK(text.find(" ERROR causal_is_causal timed out: used more than 10 s of CPU time on the case "
                  "below. ") != std::string::npos);
  CHECK(text.find(" 2 checks come from one cause, the crash with SIGSEGV shown under shape: fix it "
                  "first. ") != std::string::npos);
}

TEST_CASE("checks not run after a timeout say so, in the summary too", "[render]") {
  cli::KataResult r;
  r.kata = "mha";
  r.title = "Multi-head attention";
  r.status = Status::Error;
  TestResult shape = check("shape", Status::Error,
                           "blocked: it sat idle for 3 s, waiting instead of computing on the "
                           "case below. Look for something that waits forever.");
  shape.stop = cli::Stop::Blocked;
  shape.counterexample = {{"T", "1"}};
  std::vector<TestResult> tests = {shape};
  for (const char* id : {"matches_reference", "causal_is_causal"}) {
    TestResult t = check(id, Status::Error,
                         "blocked: it sat idle for 3 s, waiting instead of computing in check "
                         "shape. This check was not run: it calls the same code and would wait "
                         "the same way. Fix shape first.");
    t.stop = cli::Stop::NotRun;
    t.after = "shape";
    tests.push_back(t);
  }
  r.tests = tests;
  const std::string text = unwrapped(cli::to_text(r, false, "./grade mha"));
  CHECK(text.find(" ERROR matches_reference Not run: it calls the same code as shape, which timed "
                  "out above, and would wait the same way. Fix that first. Its own case: ./grade "
                  "mha --check matches_reference ") != std::string::npos);
  CHECK(text.find(" 3 of 3 checks failed (2 of them not run: see the first) ") !=
        std::string::npos);
  CHECK(text.find(" 3 checks come from one cause, the block (it sat idle, waiting instead of "
                  "computing) shown under shape: fix it first. ") != std::string::npos);
}

TEST_CASE("a result of the right shape in another dtype is called the wrong dtype", "[render]") {
  cli::KataResult r;
  r.kata = "sdpa";
  r.title = "Scaled dot-product attention";
  r.status = Status::Fail;
  TestResult shape =
      check("shape", Status::Fail, "the result has dtype float32; expected float64.");
  shape.wrong = cli::Wrong::Dtype;
  TestResult scale =
      could_not_check("pitfall_missing_scale", "missing_scale", "the result has dtype float32.");
  scale.wrong = cli::Wrong::Dtype;
  r.tests = {shape, scale};
  const std::string text = unwrapped(cli::to_text(r, false, "./grade sdpa"));
  CHECK(
      text.find(" SKIP pitfall_missing_scale could not check for missing_scale: the code returned "
                "a result of the wrong dtype, as in shape above.") != std::string::npos);
  CHECK(text.find(" 2 checks (1 of them skipped) come from one cause, the wrong dtype shown under "
                  "shape: fix it first. ") != std::string::npos);
}

TEST_CASE("a skipped check tied by a diagnosis says what the code did, then the diagnosis",
          "[render]") {
  // "the code threw a diagnosis depends_on_earlier_calls" read as an exception of that name.
  cli::KataResult r = view_error_result();
  for (TestResult& t : r.tests)
    if (t.id != "causal_is_causal") t.diagnosis = "depends_on_earlier_calls";
  const std::string text = unwrapped(cli::to_text(r, false, "./grade mha"));
  INFO(text);
  CHECK(text.find("could not check for the head order: the code threw on its case (diagnosis "
                  "depends_on_earlier_calls), as in ") != std::string::npos);
  CHECK(text.find("threw a diagnosis") == std::string::npos);
}
