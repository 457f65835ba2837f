#include "grader/cli/kata.hpp"

#include <toml++/toml.h>
#include <algorithm>
#include <cstdlib>
#include <stdexcept>
#include <vector>

namespace cli {

fs::path source_dir() {
  if (const char* dir = std::getenv("KT_SOURCE_DIR")) return dir;  // tests point it at a copy
  return KT_SOURCE_DIR;
}

fs::path binary_dir() {
  if (const char* dir = std::getenv("KT_BUILD_DIR")) return dir;
  return KT_BINARY_DIR;
}

fs::path kata_grader_dir(const std::string& name) {
  return source_dir() / "grader" / "katas" / name;
}

std::optional<std::string> pitfall_hint(const Kata& kata, const std::string& pitfall) {
  for (const std::string& from : {kata.name, kata.hints_from}) {
    if (from.empty()) continue;
    const std::string file = "hints/" + from + "/pitfalls/" + pitfall + ".md";
    if (fs::exists(source_dir() / file)) return file;
  }
  return std::nullopt;
}

namespace {

Kata load_kata(const fs::path& toml_path) {
  toml::table t;
  try {
    t = toml::parse_file(toml_path.string());
  } catch (const toml::parse_error& e) {
    throw std::runtime_error(toml_path.string() + ": " + std::string(e.description()));
  }
  Kata k;
  k.dir = toml_path.parent_path();
  k.name = k.dir.filename().string();
  k.title = t["title"].value_or(k.name);
  k.order = t["order"].value_or(0);
  k.file = k.dir / t["file"].value_or(std::string(k.name + ".cpp"));
  k.time_limit_s = t["time_limit_s"].value_or(10);
  k.memory_limit_mib = t["memory_limit_mib"].value_or(2048);
  k.interview_minutes = t["interview_minutes"].value_or(30);
  k.attention_weights = t["attention_weights"].value_or(false);
  k.hints_from = t["hints_from"].value_or(std::string());
  if (const auto* forbidden = t["forbidden"].as_array()) {
    for (const auto& f : *forbidden)
      if (auto s = f.value<std::string>()) k.forbidden.push_back(*s);
  }
  if (const auto* passes = t["stub_passes"].as_array()) {
    for (const auto& f : *passes)
      if (auto s = f.value<std::string>()) k.stub_passes.push_back(*s);
  }
  k.stub = source_dir() / "solutions" / k.name / "stub.cpp";
  if (const auto* checks = t["checks"].as_array()) {
    for (const auto& c : *checks) {
      const auto* table = c.as_table();
      if (table == nullptr) continue;
      CheckMeta m;
      m.id = (*table)["id"].value_or(std::string());
      m.points = (*table)["points"].value_or(1);
      if (m.id.empty()) throw std::runtime_error(toml_path.string() + ": a check has no id");
      k.checks.push_back(m);
    }
  }
  return k;
}

}  // namespace

std::vector<Kata> load_katas() {
  std::vector<Kata> katas;
  const fs::path root = source_dir() / "katas";
  if (!fs::exists(root)) return katas;
  for (const auto& entry : fs::directory_iterator(root)) {
    const fs::path toml_path = entry.path() / "kata.toml";
    if (entry.is_directory() && fs::exists(toml_path)) katas.push_back(load_kata(toml_path));
  }
  std::sort(katas.begin(), katas.end(),
            [](const Kata& a, const Kata& b) { return a.order < b.order; });
  return katas;
}

std::optional<Kata> find_kata(const std::string& name) {
  for (Kata& k : load_katas())
    if (k.name == name) return k;
  return std::nullopt;
}

namespace {

/// The edits (insert, delete, substitute, swap two neighbours) that make a into b.
size_t edits_between(const std::string& a, const std::string& b) {
  std::vector<std::vector<size_t>> d(a.size() + 1, std::vector<size_t>(b.size() + 1));
  for (size_t i = 0; i <= a.size(); ++i) d[i][0] = i;
  for (size_t j = 0; j <= b.size(); ++j) d[0][j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    for (size_t j = 1; j <= b.size(); ++j) {
      d[i][j] = std::min(
          {d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
        d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.size()][b.size()];
}

}  // namespace

std::string unknown_kata_message(const std::string& name) {
  std::string names, nearest, starting;
  int starts = 0;
  // A slip of one edit in four letters (at least one): "sofmax" is softmax; else the one kata the
  // name begins ("flash" is flash_attention).
  size_t fewest = std::max<size_t>(1, name.size() / 4) + 1;
  for (const Kata& k : load_katas()) {
    names += " " + k.name;
    if (const size_t n = edits_between(name, k.name); n < fewest) {
      fewest = n;
      nearest = k.name;
    }
    if (!name.empty() && k.name.starts_with(name)) {
      ++starts;
      starting = k.name;
    }
  }
  if (nearest.empty() && starts == 1) nearest = starting;
  return "unknown kata '" + name + "'" +
         (nearest.empty() ? std::string() : " (did you mean " + nearest + "?)") +
         "; the katas are:" + names;
}

}  // namespace cli
