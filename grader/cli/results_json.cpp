#include "grader/cli/results_json.hpp"

#include <limits>
#include <nlohmann/json.hpp>

#include "grader/cli/text.hpp"

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

nlohmann::json attention_map_to_json(const AttentionMap& m) {
  if (m.rows <= 0) return nlohmann::json();
  // nlohmann writes a NaN as null; the reader reads null back as NaN.
  return {{"where", valid_utf8(m.where)},
          {"rows", m.rows},
          {"cols", m.cols},
          {"expected", m.expected},
          {"got", m.got}};
}

AttentionMap attention_map_from_json(const nlohmann::json& j) {
  AttentionMap m;
  if (!j.is_object()) return m;
  const auto count = [&](const char* key) {
    const auto it = j.find(key);
    return it != j.end() && it->is_number_integer() ? it->get<int64_t>() : int64_t{0};
  };
  const int64_t rows = count("rows"), cols = count("cols");
  if (rows < 1 || rows > 12 || cols < 1 || cols > 12) return m;
  const auto grid = [&](const char* key, std::vector<double>& out) {
    const auto it = j.find(key);
    if (it == j.end() || !it->is_array() || it->size() != size_t(rows * cols)) return false;
    for (const auto& v : *it) {
      if (v.is_number())
        out.push_back(v.get<double>());
      else if (v.is_null())
        out.push_back(std::numeric_limits<double>::quiet_NaN());
      else
        return false;
    }
    return true;
  };
  if (!grid("expected", m.expected) || !grid("got", m.got)) return {};
  m.where = valid_utf8(string_at(j, "where"));
  m.rows = int(rows);
  m.cols = int(cols);
  return m;
}

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
                      {"tests", nlohmann::json::array()}};
  if (!error && !r.message.empty()) j["note"] = valid_utf8(r.message);  // e.g. why not started
  for (const auto& t : r.tests) {
    nlohmann::json counter = nlohmann::json::array();
    for (const auto& [name, value] : t.counterexample)
      counter.push_back({{"name", valid_utf8(name)}, {"value", valid_utf8(value)}});
    const std::string output = valid_utf8(t.output);
    const std::string cut =
        cut_chars(output, kJsonOutputChars, "\n[cut: the text report has more]");
    const std::string command =
        "./grade " + r.kata + " --check " + t.id + " --seed " + std::to_string(r.seed);
    nlohmann::json test = {
        {"name", t.id},
        {"status", spec_status(t.status)},
        {"message", t.status == Status::Pass ? nlohmann::json() : text_or_null(t.message)},
        {"output", text_or_null(cut)},
        {"test_code", command},
        {"title", t.title},
        {"task_id", t.id.rfind("pitfall_", 0) == 0 ? 2 : 1},
        {"pitfall", text_or_null(t.pitfall)},
        {"diagnosis", text_or_null(t.diagnosis)},
        {"diagnosis_message", text_or_null(t.diagnosis_message)},
        {"journey", text_or_null(t.journey)},
        {"attention_map", attention_map_to_json(t.attention_map)},
        {"skipped", t.status == Status::Skipped},
        {"threw", text_or_null(t.threw)},
        {"wrong_shape", t.wrong_shape},
        {"not_implemented", t.not_implemented},
        {"timed_out", t.timed_out},
        {"counterexample", counter},
        {"expected", valid_utf8(t.expected)},
        {"got", valid_utf8(t.got)},
        {"difference", text_or_null(t.difference)},
        {"score", t.points},
        {"max_score", t.max_points},
        {"duration_ms", t.duration_ms},
        {"cpu_ms", t.cpu_ms}};
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
  r.seed = j.value("seed", uint64_t{1});
  r.declared_max = j.value("max_score", 0);
  for (const auto& t : j["tests"]) {
    if (!t.is_object()) return std::nullopt;
    TestResult tr;
    tr.id = string_at(t, "name");
    const auto ts = parse_spec_status(string_at(t, "status"));
    if (!ts || tr.id.empty()) return std::nullopt;
    tr.status = *ts == Status::Fail && t.value("skipped", false) ? Status::Skipped : *ts;
    tr.threw = string_at(t, "threw");
    tr.wrong_shape = t.value("wrong_shape", false);
    tr.title = string_at(t, "title");
    tr.message = string_at(t, "message");
    tr.pitfall = string_at(t, "pitfall");
    tr.diagnosis = string_at(t, "diagnosis");
    tr.diagnosis_message = string_at(t, "diagnosis_message");
    tr.journey = string_at(t, "journey");
    if (t.contains("attention_map")) tr.attention_map = attention_map_from_json(t["attention_map"]);
    tr.not_implemented = t.value("not_implemented", false);
    tr.timed_out = t.value("timed_out", false);
    tr.output = t.contains("full_output") ? string_at(t, "full_output") : string_at(t, "output");
    tr.expected = string_at(t, "expected");
    tr.got = string_at(t, "got");
    tr.difference = string_at(t, "difference");
    tr.points = t.value("score", 0);
    tr.max_points = t.value("max_score", 0);
    tr.duration_ms = t.value("duration_ms", 0.0);
    tr.cpu_ms = t.value("cpu_ms", 0.0);
    if (t.contains("counterexample") && t["counterexample"].is_array())
      for (const auto& f : t["counterexample"])
        tr.counterexample.emplace_back(string_at(f, "name"), string_at(f, "value"));
    r.tests.push_back(std::move(tr));
  }
  return r;
}

}  // namespace cli
