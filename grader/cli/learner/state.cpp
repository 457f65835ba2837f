#include <nlohmann/json.hpp>

#include "grader/cli/learner/state.hpp"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <ctime>
#include <iomanip>
#include <sstream>

#include "grader/cli/files.hpp"

namespace cli {

fs::path state_dir() {
  if (const char* dir = std::getenv("KT_STATE_DIR")) return dir;  // tests keep theirs apart
  return binary_dir() / "grade";
}

fs::path progress_file() {
  if (const char* dir = std::getenv("KT_STATE_DIR")) return fs::path(dir) / "progress.json";
  return source_dir() / ".kt-progress.json";
}

namespace {

std::string now_utc() {
  const std::time_t t = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm tm{};
  gmtime_r(&t, &tm);
  std::ostringstream s;
  s << std::put_time(&tm, "%Y-%m-%dT%H:%M:%SZ");
  return s.str();
}

std::optional<std::time_t> parse_utc(const std::string& iso) {
  std::tm tm{};
  std::istringstream s(iso);
  s >> std::get_time(&tm, "%Y-%m-%dT%H:%M:%SZ");
  if (s.fail()) return std::nullopt;
  return timegm(&tm);
}

nlohmann::json load() {
  nlohmann::json j = load_json(progress_file());
  if (!j.contains("katas") || !j["katas"].is_object()) j["katas"] = nlohmann::json::object();
  return j;
}

void save(nlohmann::json j) {
  j["version"] = 1;
  j["about"] = "./grade's record of your katas (docs: README, 'The learner's loop'); not committed";
  save_json(progress_file(), j);
}

KataProgress progress_from_json(const nlohmann::json& k) {
  KataProgress p;
  if (!k.is_object()) return p;
  const auto strings = [](const nlohmann::json& a) {
    std::vector<std::string> out;
    if (a.is_array())
      for (const auto& s : a)
        if (s.is_string()) out.push_back(s.get<std::string>());
    return out;
  };
  if (k.contains("history") && k["history"].is_array())
    for (const auto& e : k["history"]) {
      if (!e.is_object()) continue;
      Graded a;
      a.at = e.value("at", "");
      a.status = parse_status(e.value("status", "")).value_or(Status::Fail);
      a.score = e.value("score", 0);
      a.max_score = e.value("max_score", 0);
      a.pitfalls = strings(e.value("pitfalls", nlohmann::json()));
      p.history.push_back(a);
    }
  p.attempts = k.value("attempts", int(p.history.size()));
  p.best_score = k.value("best_score", 0);
  p.max_score = k.value("max_score", 0);
  p.first_graded = k.value("first_graded", "");
  p.first_passed = k.value("first_passed", "");
  if (k.contains("pitfalls_found") && k["pitfalls_found"].is_object())
    for (const auto& [id, n] : k["pitfalls_found"].items())
      if (n.is_number_integer()) p.pitfalls_found[id] = n.get<int>();
  p.hints_shown = k.value("hints_shown", 0);
  p.pitfall_hint_for = k.value("pitfall_hint_for", "");
  return p;
}

nlohmann::json progress_to_json(const KataProgress& p) {
  nlohmann::json history = nlohmann::json::array();
  for (const Graded& a : p.history)
    history.push_back({{"at", a.at},
                       {"status", status_name(a.status)},
                       {"score", a.score},
                       {"max_score", a.max_score},
                       {"pitfalls", a.pitfalls}});
  return {{"attempts", p.attempts},
          {"best_score", p.best_score},
          {"max_score", p.max_score},
          {"first_graded", p.first_graded},
          {"first_passed", p.first_passed},
          {"pitfalls_found", p.pitfalls_found},
          {"hints_shown", p.hints_shown},
          {"pitfall_hint_for", p.pitfall_hint_for},
          {"history", history}};
}

template <typename Change>
void update(const std::string& kata, Change change) {
  nlohmann::json j = load();
  KataProgress p = progress_from_json(j["katas"].value(kata, nlohmann::json()));
  change(p);
  j["katas"][kata] = progress_to_json(p);
  save(j);
}

}  // namespace

KataProgress progress_of(const std::string& kata) {
  return progress_from_json(load()["katas"].value(kata, nlohmann::json()));
}

std::optional<Remembered> last_result(const std::string& kata) {
  const KataProgress p = progress_of(kata);
  if (p.history.empty()) return std::nullopt;
  return Remembered{p.history.back().status, p.history.back().score, p.history.back().max_score};
}

void remember_result(const KataResult& r) {
  update(r.kata, [&](KataProgress& p) {
    Graded a{now_utc(), r.status, r.score(), r.max_score(), r.pitfalls()};
    // A grading of code that is still the stub's throw is remembered, not counted as an attempt.
    if (r.status != Status::NotStarted) {
      ++p.attempts;
      if (p.first_graded.empty()) p.first_graded = a.at;
    }
    if (r.status == Status::Pass && p.first_passed.empty()) p.first_passed = a.at;
    p.best_score = std::max(p.best_score, a.score);
    p.max_score = a.max_score;
    for (const std::string& id : a.pitfalls) ++p.pitfalls_found[id];
    p.history.push_back(std::move(a));
    if (p.history.size() > kHistoryKept)
      p.history.erase(p.history.begin(), p.history.end() - long(kHistoryKept));
  });
}

std::string next_kata() {
  for (const Kata& k : load_katas()) {
    const auto last = last_result(k.name);
    if (!last || last->status != Status::Pass) return k.name;
  }
  return "";
}

std::string next_kata_after(const std::string& kata) {
  const std::vector<Kata> katas = load_katas();
  const auto here =
      std::find_if(katas.begin(), katas.end(), [&](const Kata& k) { return k.name == kata; });
  const auto unpassed = [](const Kata& k) {
    const auto last = last_result(k.name);
    return !last || last->status != Status::Pass;
  };
  if (here != katas.end()) {
    const auto after = std::find_if(std::next(here), katas.end(), unpassed);
    if (after != katas.end()) return after->name;
  }
  const auto first = std::find_if(katas.begin(), katas.end(), unpassed);
  return first == katas.end() ? "" : first->name;
}

int hints_shown(const std::string& kata) { return progress_of(kata).hints_shown; }

void set_hints_shown(const std::string& kata, int n) {
  update(kata, [&](KataProgress& p) { p.hints_shown = n; });
}

void set_pitfall_hint_shown(const std::string& kata, const std::string& at) {
  update(kata, [&](KataProgress& p) { p.pitfall_hint_for = at; });
}

std::string duration_between(const std::string& from, const std::string& to) {
  const auto a = parse_utc(from), b = parse_utc(to);
  if (!a || !b) return "";
  const long s = std::max(0L, long(*b - *a));
  if (s < 60) return std::to_string(s) + " s";
  if (s < 3600) return std::to_string(s / 60) + " min";
  if (s < 86400) return std::to_string(s / 3600) + " h " + std::to_string(s % 3600 / 60) + " min";
  return std::to_string(s / 86400) + (s / 86400 == 1 ? " day" : " days");
}

}  // namespace cli
