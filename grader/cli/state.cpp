#include <nlohmann/json.hpp>

#include "grader/cli/state.hpp"

#include <algorithm>
#include <cstdlib>

#include "grader/cli/files.hpp"

namespace cli {

fs::path state_dir() {
  if (const char* dir = std::getenv("KT_STATE_DIR")) return dir;  // tests keep theirs apart
  return binary_dir() / "grade";
}

namespace {

fs::path results_file() { return state_dir() / "state.json"; }
fs::path hints_file() { return state_dir() / "hints.json"; }

}  // namespace

std::optional<Remembered> last_result(const std::string& kata) {
  const nlohmann::json state = load_json(results_file());
  const auto it = state.find(kata);
  if (it == state.end() || !it->is_object()) return std::nullopt;
  Remembered r;
  r.status = parse_status(it->value("status", "")).value_or(Status::Fail);
  r.score = it->value("score", 0);
  r.max_score = it->value("max_score", 0);
  return r;
}

void remember_result(const KataResult& r) {
  nlohmann::json state = load_json(results_file());
  state[r.kata] = {
      {"status", status_name(r.status)}, {"score", r.score()}, {"max_score", r.max_score()}};
  save_json(results_file(), state);
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

int hints_shown(const std::string& kata) { return load_json(hints_file()).value(kata, 0); }

void set_hints_shown(const std::string& kata, int n) {
  nlohmann::json shown = load_json(hints_file());
  shown[kata] = n;
  save_json(hints_file(), shown);
}

}  // namespace cli
