#include "grader/report/finding_json.hpp"

#include <limits>

namespace report {
namespace {

std::string pass(const std::string& s, TextFilter filter) { return filter ? filter(s) : s; }

nlohmann::json text_or_null(const std::string& s, TextFilter filter = nullptr) {
  return s.empty() ? nlohmann::json() : nlohmann::json(pass(s, filter));
}

std::string string_at(const nlohmann::json& j, const char* key, TextFilter filter = nullptr) {
  const auto it = j.find(key);
  return it != j.end() && it->is_string() ? pass(it->get<std::string>(), filter) : std::string();
}

bool bool_at(const nlohmann::json& j, const char* key) {
  const auto it = j.find(key);
  return it != j.end() && it->is_boolean() && it->get<bool>();
}

}  // namespace

nlohmann::json fields_to_json(const std::vector<Field>& fields, TextFilter filter) {
  nlohmann::json j = nlohmann::json::array();
  for (const auto& [name, value] : fields)
    j.push_back({{"name", pass(name, filter)}, {"value", pass(value, filter)}});
  return j;
}

std::vector<Field> fields_from_json(const nlohmann::json& j, TextFilter filter) {
  std::vector<Field> out;
  if (j.is_array())
    for (const auto& field : j)
      if (field.is_object())
        out.emplace_back(string_at(field, "name", filter), string_at(field, "value", filter));
  return out;
}

nlohmann::json attention_map_to_json(const AttentionMap& m) {
  if (m.rows <= 0) return nlohmann::json();
  return {{"where", m.where},       {"on", m.on},   {"rows", m.rows},          {"cols", m.cols},
          {"expected", m.expected}, {"got", m.got}, {"got_shape", m.got_shape}};
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
  m.where = string_at(j, "where");
  m.on = string_at(j, "on");
  m.got_shape = string_at(j, "got_shape");
  m.rows = rows;
  m.cols = cols;
  return m;
}

nlohmann::json to_json(const Finding& f, TextFilter filter) {
  nlohmann::json j = {{"message", text_or_null(f.message, filter)},
                      {"pitfall", text_or_null(f.pitfall, filter)},
                      {"diagnosis", text_or_null(f.diagnosis, filter)},
                      {"diagnosis_message", text_or_null(f.diagnosis_message, filter)},
                      {"journey", text_or_null(f.journey, filter)},
                      {"journey_step", text_or_null(f.journey_step, filter)},
                      {"where_threw", text_or_null(f.where_threw, filter)},
                      {"attention_map", attention_map_to_json(f.attention_map)},
                      {"counterexample", fields_to_json(f.counterexample, filter)},
                      {"expected", pass(f.expected, filter)},
                      {"got", pass(f.got, filter)},
                      {"difference", text_or_null(f.difference, filter)},
                      {"not_implemented", f.not_implemented},
                      {"wrong_shape", f.wrong != Wrong::None},
                      {"wrong", text_or_null(wrong_name(f.wrong))},
                      {"threw", text_or_null(f.threw, filter)},
                      {"exception", text_or_null(f.exception, filter)},
                      {"could_not_check", text_or_null(f.unchecked, filter)},
                      {"stop", text_or_null(stop_name(f.stop))},
                      {"timed_out", is_timeout(f.stop)}};
  if (!f.diagnosis_parts.empty()) {
    j["diagnosis_parts"] = nlohmann::json::array();
    for (const std::string& part : f.diagnosis_parts)
      j["diagnosis_parts"].push_back(pass(part, filter));
  }
  if (f.stop == Stop::Crashed) j["signal"] = f.signal;
  if (f.stop == Stop::NotRun) j["after"] = pass(f.after, filter);
  return j;
}

Finding finding_from_json(const nlohmann::json& j, TextFilter filter) {
  Finding f;
  if (!j.is_object()) return f;
  f.message = string_at(j, "message", filter);
  f.pitfall = string_at(j, "pitfall", filter);
  f.diagnosis = string_at(j, "diagnosis", filter);
  f.diagnosis_message = string_at(j, "diagnosis_message", filter);
  if (const auto parts = j.find("diagnosis_parts"); parts != j.end() && parts->is_array())
    for (const auto& part : *parts)
      if (part.is_string()) f.diagnosis_parts.push_back(pass(part.get<std::string>(), filter));
  f.journey = string_at(j, "journey", filter);
  f.journey_step = string_at(j, "journey_step", filter);
  f.where_threw = string_at(j, "where_threw", filter);
  if (const auto m = j.find("attention_map"); m != j.end())
    f.attention_map = attention_map_from_json(*m);
  if (const auto c = j.find("counterexample"); c != j.end())
    f.counterexample = fields_from_json(*c, filter);
  f.expected = string_at(j, "expected", filter);
  f.got = string_at(j, "got", filter);
  f.difference = string_at(j, "difference", filter);
  f.not_implemented = bool_at(j, "not_implemented");
  f.wrong = parse_wrong(string_at(j, "wrong"));
  if (f.wrong == Wrong::None && bool_at(j, "wrong_shape"))
    f.wrong = Wrong::Shape;  // before "wrong"
  f.threw = string_at(j, "threw", filter);
  f.exception = string_at(j, "exception", filter);
  f.unchecked = string_at(j, "could_not_check", filter);
  f.stop = parse_stop(string_at(j, "stop"));
  if (const auto s = j.find("signal"); s != j.end() && s->is_number_integer())
    f.signal = s->get<int>();
  f.after = string_at(j, "after");
  return f;
}

}  // namespace report
