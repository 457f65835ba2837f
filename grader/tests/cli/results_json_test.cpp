// results.json as Exercism's spec (v3) has it, and read back exactly; any bytes in, valid out.
#include <rapidcheck/catch.h>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>
#include <string>

#include "grader/cli/reports/results_json.hpp"
#include "grader/cli/text.hpp"

namespace {

using cli::KataResult;
using cli::Status;
using cli::TestResult;

/// Bytes no report format takes as they are: invalid UTF-8, a NUL, a lone lead byte at the end.
const std::string kHostile = std::string("box ┌─┐ bad \xff\xfe nul ") + '\0' + " end \xc3";

KataResult sample(Status status) {
  KataResult r;
  r.kata = "mha";
  r.title = "Multi-head attention";
  r.seed = 7;
  r.solution = "katas/mha/mha.cpp";
  r.status = status;
  TestResult pass;
  pass.id = "shape";
  pass.title = "forward returns (B, T, d_model)";
  pass.status = Status::Pass;
  pass.points = pass.max_points = 1;
  TestResult fail;
  fail.id = "pitfall_neg_inf_nan";
  fail.title = "a fully masked row is not NaN";
  fail.status = Status::Fail;
  fail.message = "NaN " + kHostile;
  fail.pitfall = "neg_inf_nan";
  fail.counterexample = {{"T", "3"}, {"B", "1"}, {"x", kHostile}};
  fail.output = std::string(600, 'y') + kHostile;
  fail.max_points = 1;
  r.tests = {pass, fail};
  return r;
}

}  // namespace

TEST_CASE("results.json has every field the spec requires, with the spec's types", "[results]") {
  const nlohmann::json j = cli::to_json(sample(Status::Fail));
  CHECK(j["version"] == 3);
  CHECK(j["status"] == "fail");
  CHECK(j["message"].is_null());  // set only when the status is error
  REQUIRE(j["tests"].size() == 2);
  for (const auto& t : j["tests"]) {
    CHECK(t["name"].is_string());
    CHECK((t["status"] == "pass" || t["status"] == "fail" || t["status"] == "error"));
    CHECK(t["test_code"].is_string());
    CHECK(t["task_id"].is_number_integer());
    CHECK(t["task_id"].get<int>() >= 1);
  }
  CHECK(j["tests"][0]["message"].is_null());  // a passing test has no message
  CHECK(j["tests"][0]["task_id"] == 1);       // a general check
  CHECK(j["tests"][1]["task_id"] == 2);       // a pitfall check
  CHECK(j["tests"][1]["test_code"] == "./grade mha --check pitfall_neg_inf_nan --seed 7");
}

TEST_CASE("a test's output is at most 500 characters, cut on a character", "[results]") {
  const nlohmann::json j = cli::to_json(sample(Status::Fail));
  const std::string out = j["tests"][1]["output"];
  CHECK(cli::count_chars(out) == cli::kJsonOutputChars);
  CHECK(out.find("[cut: the text report has more]") != std::string::npos);
  CHECK(cli::valid_utf8(out) == out);
}

TEST_CASE("an error carries its message; a kata not started is a fail with started false",
          "[results]") {
  KataResult error = sample(Status::Error);
  error.tests.clear();
  error.message = "did not build: " + kHostile;
  const nlohmann::json e = cli::to_json(error);
  CHECK(e["status"] == "error");
  CHECK(e["message"].is_string());
  const nlohmann::json n = cli::to_json(sample(Status::NotStarted));
  CHECK(n["status"] == "fail");
  CHECK(n["started"] == false);
}

TEST_CASE("what to_json writes, from_json reads back: status, pitfalls, case order, output",
          "[results]") {
  for (Status s : {Status::Pass, Status::Fail, Status::Error, Status::NotStarted}) {
    const KataResult r = sample(s);
    const auto back = cli::from_json(nlohmann::json::parse(cli::dump_json(cli::to_json(r))));
    REQUIRE(back.has_value());
    CHECK(back->status == s);
    CHECK(back->pitfalls() == r.pitfalls());
    CHECK(back->score() == r.score());
    CHECK(back->max_score() == r.max_score());
    REQUIRE(back->tests.size() == 2);
    CHECK(back->tests[1].counterexample[0].first == "T");
    CHECK(back->tests[1].counterexample[2].second == cli::valid_utf8(kHostile));
    CHECK(back->tests[1].output == cli::valid_utf8(r.tests[1].output));  // the whole, not the cut
    CHECK(back->tests[0].title == r.tests[0].title);
  }
  CHECK_FALSE(cli::from_json(nlohmann::json::parse("{\"version\": 3}")).has_value());
  CHECK_FALSE(cli::from_json(nlohmann::json()).has_value());
}

TEST_CASE("a skipped check is a spec fail with skipped true, and reads back as skipped",
          "[results]") {
  KataResult r = sample(Status::Fail);
  r.tests[1].status = Status::Skipped;
  r.tests[1].threw = "kt::ViewError: view size is not compatible";
  r.tests[1].exception = "kt::ViewError";
  r.tests[1].unchecked = "the head order";
  const nlohmann::json j = cli::to_json(r);
  CHECK(j["tests"][1]["status"] == "fail");
  CHECK(j["tests"][1]["skipped"] == true);
  CHECK(j["tests"][0]["skipped"] == false);
  CHECK(j["tests"][1]["threw"] == "kt::ViewError: view size is not compatible");
  CHECK(j["tests"][0]["threw"].is_null());
  const auto back = cli::from_json(nlohmann::json::parse(cli::dump_json(j)));
  REQUIRE(back.has_value());
  CHECK(back->tests[1].status == Status::Skipped);
  CHECK(back->tests[1].threw == r.tests[1].threw);
  CHECK(back->tests[1].exception == "kt::ViewError");
  CHECK(back->tests[1].unchecked == "the head order");
  CHECK(back->tests[0].status == Status::Pass);
}

TEST_CASE("valid_utf8 keeps valid text and turns every bad byte into U+FFFD", "[text]") {
  CHECK(cli::valid_utf8("plain ┌─┐ é 𝄞") == "plain ┌─┐ é 𝄞");
  CHECK(cli::valid_utf8("a\xff"
                        "b") ==
        "a\xEF\xBF\xBD"
        "b");
  CHECK(cli::valid_utf8(std::string("a\0b", 3)) ==
        "a\xEF\xBF\xBD"
        "b");
  CHECK(cli::valid_utf8("\xc0\xaf") == "\xEF\xBF\xBD\xEF\xBF\xBD");                  // overlong '/'
  CHECK(cli::valid_utf8("\xed\xa0\x80") == "\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD");  // surrogate
  CHECK(cli::valid_utf8("end \xe2\x94") == "end \xEF\xBF\xBD\xEF\xBF\xBD");          // cut in half
}

TEST_CASE("valid_utf8 gives text JSON accepts, for any bytes", "[text]") {
  rc::prop("valid_utf8 of random bytes dumps as strict JSON and is a fixed point", [] {
    const auto bytes = *rc::gen::container<std::string>(rc::gen::arbitrary<char>());
    const std::string v = cli::valid_utf8(bytes);
    RC_ASSERT(cli::valid_utf8(v) == v);
    nlohmann::json j = v;
    RC_ASSERT(nlohmann::json::parse(j.dump()) == j);  // dump() throws on invalid UTF-8
  });
}

TEST_CASE("cut_chars never splits a character and stays within the limit", "[text]") {
  rc::prop("the cut is a prefix of whole characters plus the note", [] {
    const auto bytes = *rc::gen::container<std::string>(rc::gen::arbitrary<char>());
    const std::string text = cli::valid_utf8(bytes);
    const auto limit = *rc::gen::inRange<size_t>(0, 40);
    const std::string cut = cli::cut_chars(text, limit, " [cut]");
    RC_ASSERT(cli::valid_utf8(cut) == cut);
    RC_ASSERT(cli::count_chars(cut) <=
              std::max(limit, cli::count_chars(text) <= limit ? cli::count_chars(text) : limit));
    if (cli::count_chars(text) <= limit) RC_ASSERT(cut == text);
  });
}
