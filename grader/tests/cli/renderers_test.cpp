// Every report format stays valid whatever bytes the learner's code printed or threw.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>
#include <string>

#include "grader/cli/reports/render.hpp"
#include "grader/cli/reports/results_json.hpp"
#include "grader/cli/text.hpp"

namespace {

// (Appended piece by piece: GCC 12 warns, wrongly, about `std::string + char + "..."` here.)
const std::string kHostileText = [] {
  std::string s("┌─┐ \xff\xfe nul ");
  s += '\0';
  s += " \x1b[31m end \xc3";
  return s;
}();

cli::KataResult hostile_result() {
  cli::KataResult r;
  r.kata = "mha";
  r.title = "t";
  r.status = cli::Status::Fail;
  r.warnings = kHostileText;
  cli::TestResult t;
  t.id = "shape";
  t.title = kHostileText;
  t.status = cli::Status::Fail;
  t.message = kHostileText;
  t.pitfall = "neg_inf_nan";
  t.diagnosis = kHostileText;
  t.diagnosis_message = kHostileText;
  t.journey = kHostileText + "\n" + kHostileText;
  t.difference = kHostileText;
  t.counterexample = {{"x", kHostileText}};
  t.expected = kHostileText;
  t.got = kHostileText;
  t.output = std::string(3000, 'z') + kHostileText;
  r.tests = {t};
  return r;
}

/// XML 1.0 character data: valid UTF-8 and no control character but tab, newline, carriage return.
bool xml_text_ok(const std::string& s) {
  if (cli::valid_utf8(s) != s) return false;
  for (unsigned char c : s)
    if (c < 0x20 && c != '\n' && c != '\t' && c != '\r') return false;
  return true;
}

}  // namespace

TEST_CASE("every renderer gives valid output for any bytes in a result", "[render]") {
  const cli::KataResult r = hostile_result();
  const std::string json = cli::dump_json(cli::to_json(r));
  CHECK(cli::valid_utf8(json) == json);
  CHECK_NOTHROW(nlohmann::json::parse(json));
  CHECK(xml_text_ok(cli::to_junit({r})));
  const std::string md = cli::to_markdown({r});
  CHECK(cli::valid_utf8(md) == md);
  const std::string text = cli::to_text(r, false, "./grade mha");
  CHECK(text.find("FAIL  shape") != std::string::npos);
}

TEST_CASE("a kata not started reads as such in every format", "[render]") {
  cli::KataResult r;
  r.kata = "softmax";
  r.title = "Softmax";
  r.status = cli::Status::NotStarted;
  r.solution = "katas/softmax/softmax.cpp";
  CHECK(cli::to_text(r, false, "") ==
        "softmax: Softmax\n  not started (katas/softmax/softmax.cpp is still the stub)\n");
  CHECK(cli::to_markdown({r}).find("| softmax | ⏸ not started | 0/0 | — |") !=
        std::string::npos);
  CHECK(cli::to_junit({r}).find("<skipped message=\"not started\">") != std::string::npos);
}
