#include "grader/cli/reports/results_json.hpp"

#include <nlohmann/json.hpp>

#include "grader/cli/text.hpp"
#include "grader/report/finding_json.hpp"

namespace cli {
namespace {

nlohmann::json text_or_null(const std::string& s) {
  return s.empty() ? nlohmann::json() : nlohmann::json(valid_utf8(s));
}

std::string string_at(const nlohmann::json& j, const char* key) {
  const auto it = j.find(key);
  return it != j.end() && it->is_string() ? it->get<std::string>() : std::string();
}

/// The spec's status word: a kata not started is a fail that says started: false, a check
/// skipped a fail that says skipped: true.
const char* spec_status(Status s) {
  return status_name(s == Status::NotStarted || s == Status::Skipped ? Status::Fail : s);
}

/// One of the spec's three status words.
std::optional<Status> parse_spec_status(const std::string& s) {
  const auto status = parse_status(s);
  return status == Status::NotStarted || status == Status::Skipped ? std::nullopt : status;
}

}  // namespace

nlohmann::json to_json(const KataResult& r) {
  const bool error = r.status == Status::Error;
  nlohmann::json j = {{"version", 3},
                      {"status", spec_status(r.status)},
                      {"message", error ? nlohmann::json(cut_chars(valid_utf8(r.first_failure()),
                                                                   kJsonMessageChars, " [cut]"))
                                        : nlohmann::json()},
                      {"kata", r.kata},
                      {"started", r.status != Status::NotStarted},
                      {"score", r.score()},
                      {"max_score", r.max_score()},
                      {"seed", r.seed},
                      {"solution", valid_utf8(r.solution)},
                      {"warnings", text_or_null(r.warnings)},
                      {"pitfalls", r.pitfalls()},
                      {"diagnoses", r.diagnoses()},
                      {"sandbox", text_or_null(r.sandbox)},
                      {"sandboxed", r.sandboxed == KataResult::Sandboxed::Unknown
                                        ? nlohmann::json()
                                        : nlohmann::json(r.sandboxed == KataResult::Sandboxed::On)},
                      {"tests", nlohmann::json::array()}};
  if (!error && !r.message.empty()) j["note"] = valid_utf8(r.message);  // e.g. why not started
  const std::vector<Cause> found = causes(r);
  const std::vector<int> cause_of = cause_of_each(r, found);
  j["causes"] = nlohmann::json::array();
  for (const Cause& c : found) {
    nlohmann::json ids = nlohmann::json::array();
    for (const size_t i : c.checks) ids.push_back(r.tests[i].id);
    j["causes"].push_back({{"what", valid_utf8(c.what)},
                           {"pitfall", text_or_null(c.pitfall)},
                           {"shown_by", r.tests[c.shown_by].id},
                           {"checks", ids},
                           {"skipped", c.skipped},
                           {"with_pitfalls", c.with_pitfalls}});
  }
  for (size_t i = 0; i < r.tests.size(); ++i) {
    const TestResult& t = r.tests[i];
    const std::string output = valid_utf8(t.output);
    const std::string cut =
        cut_chars(output, kJsonOutputChars, "\n[cut: the text report has more]");
    const std::string command =
        "./grade " + r.kata + " --check " + t.id + " --seed " + std::to_string(r.seed);
    // The spec's keys first, then the finding (report::to_json) and the check's own.
    nlohmann::json test = {{"name", t.id},
                           {"status", spec_status(t.status)},
                           {"output", text_or_null(cut)},
                           {"test_code", command},
                           {"title", t.title},
                           {"task_id", is_pitfall_check(t.id) ? 2 : 1}};
    test.update(report::to_json(t, valid_utf8));
    if (t.status == Status::Pass) test["message"] = nullptr;
    test.update({{"skipped", t.status == Status::Skipped},
                 {"score", t.points},
                 {"max_score", t.max_points},
                 {"duration_ms", t.duration_ms},
                 {"cpu_ms", t.cpu_ms},
                 {"hint", text_or_null(t.hint)},
                 {"cause", cause_of[i] < 0 ? nlohmann::json() : nlohmann::json(cause_of[i])}});
    if (cut != output) test["full_output"] = output;
    j["tests"].push_back(std::move(test));
  }
  return j;
}

std::string dump_json(const nlohmann::json& j) {
  return j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace);
}

std::optional<KataResult> from_json(const nlohmann::json& j) {
  if (!j.is_object() || j.value("version", 0) != 3 || !j.contains("tests") ||
      !j["tests"].is_array())
    return std::nullopt;
  const auto status = parse_spec_status(string_at(j, "status"));
  if (!status) return std::nullopt;
  KataResult r;
  r.kata = string_at(j, "kata");
  r.status = j.value("started", true) ? *status : Status::NotStarted;
  r.message = string_at(j, "message");
  if (r.message.empty()) r.message = string_at(j, "note");
  r.solution = string_at(j, "solution");
  r.warnings = string_at(j, "warnings");
  r.sandbox = string_at(j, "sandbox");
  if (const auto s = j.find("sandboxed"); s != j.end() && s->is_boolean())
    r.sandboxed = s->get<bool>() ? KataResult::Sandboxed::On : KataResult::Sandboxed::Off;
  r.seed = j.value("seed", uint64_t{1});
  r.declared_max = j.value("max_score", 0);
  for (const auto& t : j["tests"]) {
    if (!t.is_object()) return std::nullopt;
    TestResult tr;
    tr.id = string_at(t, "name");
    const auto ts = parse_spec_status(string_at(t, "status"));
    if (!ts || tr.id.empty()) return std::nullopt;
    static_cast<report::Finding&>(tr) = report::finding_from_json(t, valid_utf8);
    tr.status = *ts == Status::Fail && t.value("skipped", false) ? Status::Skipped : *ts;
    tr.title = string_at(t, "title");
    tr.output = t.contains("full_output") ? string_at(t, "full_output") : string_at(t, "output");
    tr.points = t.value("score", 0);
    tr.max_points = t.value("max_score", 0);
    tr.duration_ms = t.value("duration_ms", 0.0);
    tr.cpu_ms = t.value("cpu_ms", 0.0);
    tr.hint = string_at(t, "hint");
    r.tests.push_back(std::move(tr));
  }
  return r;
}

}  // namespace cli
