#include "grader/cli/instructor/scaffold.hpp"

#include <algorithm>
#include <fstream>
#include <iostream>
#include <regex>
#include <set>
#include <utility>
#include <vector>

#include "grader/cli/files.hpp"
#include "grader/cli/instructor/classroom.hpp"
#include "grader/cli/reports/result.hpp"
#include "grader/cli/running/build.hpp"
#include "grader/cli/running/process.hpp"

namespace cli {
namespace {

std::string replace_all(std::string s, const std::string& from, const std::string& to) {
  for (size_t at = s.find(from); at != std::string::npos; at = s.find(from, at + to.size()))
    s.replace(at, from.size(), to);
  return s;
}

using Substitutions = std::vector<std::pair<std::string, std::string>>;

std::string substitute(std::string s, const Substitutions& subs) {
  for (const auto& [from, to] : subs) s = replace_all(std::move(s), from, to);
  return s;
}

std::string rel(const fs::path& p) { return fs::relative(p, source_dir()).generic_string(); }

/// The files a scaffold writes, all checked before any is written: nothing is half created.
struct Plan {
  std::vector<std::pair<fs::path, std::string>> files;
  std::string conflict() const {
    for (const auto& [path, text] : files)
      if (fs::exists(path)) return rel(path) + " already exists";
    return "";
  }
  void write() const {
    std::vector<std::string> format = {"clang-format", "-i"};
    for (const auto& [path, text] : files) {
      fs::create_directories(path.parent_path());
      std::ofstream(path) << text;
      std::cout << "  created " << rel(path) << "\n";
      const auto ext = path.extension();
      if (ext == ".cpp" || ext == ".hpp") format.push_back(path.string());
    }
    // Names change line lengths: format what was created, as CI requires (.clang-format).
    std::string out;
    if (format.size() > 2 && run_command(format, out) != 0) {
      std::cout << "  (clang-format did not run: format the new C++ files before committing)\n";
    }
  }
};

/// Writes docs/classroom/classroom.yml again from the katas as they are now (a generated file the
/// author would otherwise regenerate by hand), when the repository has it.
void regenerate_classroom() {
  const fs::path file = source_dir() / "docs" / "classroom" / "classroom.yml";
  if (!fs::exists(file)) return;
  std::ofstream(file) << classroom_workflow(load_katas());
  std::cout << "  regenerated " << rel(file) << " (the Classroom workflow, from kata.toml)\n";
}

/// Adds `line` as the last entry of kata.toml's `checks = [ ... ]` array; false when the file has
/// no such array (an older [[checks]] layout): then the caller says what to add.
bool add_check_line(const fs::path& toml, const std::string& line) {
  std::string text = read_file(toml);
  const size_t open = text.find("\nchecks = [");
  if (open == std::string::npos) return false;
  const size_t close = text.find("\n]", open);
  if (close == std::string::npos) return false;
  text.insert(close + 1, line + "\n");
  std::ofstream(toml) << text;
  return true;
}

}  // namespace

std::string invalid_name(const std::string& name) {
  static const std::regex snake("[a-z][a-z0-9_]*");
  static const std::set<std::string> reserved = {
      // C++ keywords a short name could hit, and the project's namespaces.
      "and",      "auto",     "bool",    "break",     "case",    "catch",     "char",   "class",
      "const",    "continue", "default", "delete",    "do",      "double",    "else",   "enum",
      "explicit", "export",   "extern",  "false",     "float",   "for",       "friend", "goto",
      "if",       "inline",   "int",     "long",      "mutable", "namespace", "new",    "not",
      "operator", "or",       "private", "protected", "public",  "register",  "return", "short",
      "signed",   "sizeof",   "static",  "struct",    "switch",  "template",  "this",   "throw",
      "true",     "try",      "typedef", "typename",  "union",   "unsigned",  "using",  "virtual",
      "void",     "volatile", "while",   "xor",       "main",    "kt",        "ref",    "grader",
      "std"};
  if (!std::regex_match(name, snake) || name.size() > 40)
    return "'" + name +
           "' is not a valid name: use lowercase letters, digits and _, starting with a letter "
           "(at most 40 characters), e.g. layer_norm";
  if (reserved.count(name)) return "'" + name + "' is reserved (a C++ keyword or namespace)";
  return "";
}

int new_pitfall(const Kata& kata, const std::string& id) {
  if (const std::string why = invalid_name(id); !why.empty()) {
    std::cerr << "grade new-pitfall: " << why << "\n";
    return 2;
  }
  const fs::path root = source_dir();
  const std::string check_id = pitfall_check(id);
  for (const CheckMeta& c : kata.checks) {
    if (c.id == check_id) {
      std::cerr << "grade new-pitfall: the kata " << kata.name << " already has the check "
                << check_id << " (katas/" << kata.name << "/kata.toml)\n";
      return 2;
    }
  }
  const fs::path detector_template = kata_grader_dir(kata.name) / "new_pitfall.cpp.in";
  const fs::path worked = root / "solutions" / kata.name / "worked.cpp";
  const fs::path hint_template = root / "grader" / "templates" / "new-pitfall" / "hint.md";
  for (const fs::path& needed : {detector_template, worked, hint_template}) {
    if (!fs::exists(needed)) {
      std::cerr << "grade new-pitfall: " << rel(needed)
                << " is missing; the scaffold starts from it\n";
      return 2;
    }
  }
  const Substitutions subs = {{"@ID@", id}, {"@NAME@", kata.name}};
  // The known-bad solution starts as the worked one, with the header that declares the pitfall.
  std::string worked_text = read_file(worked);
  size_t body = 0;
  while (worked_text.compare(body, 2, "//") == 0) body = worked_text.find('\n', body) + 1;
  const std::string known_bad =
      "// expect-pitfalls: " + id + "\n// Known bad: TODO(new-pitfall) make the mistake " + id +
      " in this copy of the worked solution,\n// and say here what it does.\n" +
      worked_text.substr(body);
  Plan plan;
  plan.files = {
      {kata_grader_dir(kata.name) / "pitfalls" / (id + ".cpp"),
       substitute(read_file(detector_template), subs)},
      {root / "solutions" / kata.name / "pitfalls" / (id + ".cpp"), known_bad},
      {root / "hints" / kata.name / "pitfalls" / (id + ".md"),
       substitute(read_file(hint_template), subs)},
  };
  if (const std::string conflict = plan.conflict(); !conflict.empty()) {
    std::cerr << "grade new-pitfall: " << conflict << "; nothing was created\n";
    return 2;
  }
  std::cout << "New pitfall " << id << " of the kata " << kata.name << ":\n";
  plan.write();
  const std::string line = "  { id = \"" + check_id + "\", points = 1 },";
  const fs::path toml = kata.dir / "kata.toml";
  if (add_check_line(toml, line)) {
    std::cout << "  added to " << rel(toml) << ": " << line.substr(2) << "\n";
    regenerate_classroom();
  } else {
    std::cout << "  add this line to the checks of " << rel(toml) << ": " << line.substr(2) << "\n";
  }
  std::cout << "\nNext (docs/authoring.md walks through it):\n"
               "  1. make the mistake in solutions/"
            << kata.name << "/pitfalls/" << id
            << ".cpp\n"
               "  2. write the detector in grader/katas/"
            << kata.name << "/pitfalls/" << id
            << ".cpp (its signature, its message)\n"
               "  3. write the hint in hints/"
            << kata.name << "/pitfalls/" << id
            << ".md\n"
               "  4. ./grade selftest "
            << kata.name << " until the matrix shows the known-bad file diagnosed with " << id
            << " alone,\n     no TODO(new-pitfall) is left, and every correct solution passes.\n";
  // Note [every double named exactly]: the kata's doubles test fails until its learner makes the
  // new mistake too.
  if (const fs::path doubles = kata_grader_dir(kata.name) / "tests" / "doubles_test.cpp";
      fs::exists(doubles))
    std::cout << "  5. give the learner of " << rel(doubles) << " (or what it includes) the slip(\""
              << id << "\")\n     that makes the mistake, then run its program, "
              << "grader_" << kata.name << "_doubles: every double named exactly.\n";
  return 0;
}

int new_kata(const std::string& name) {
  if (const std::string why = invalid_name(name); !why.empty()) {
    std::cerr << "grade new-kata: " << why << "\n";
    return 2;
  }
  const fs::path root = source_dir();
  const fs::path templates = root / "grader" / "templates" / "new-kata";
  if (!fs::exists(templates)) {
    std::cerr << "grade new-kata: " << rel(templates)
              << " is missing; the scaffold starts from it\n";
    return 2;
  }
  if (fs::exists(root / "katas" / name) || fs::exists(kata_grader_dir(name))) {
    std::cerr << "grade new-kata: a kata named " << name
              << " already exists; nothing was created\n";
    return 2;
  }
  int order = 0;
  for (const Kata& k : load_katas()) order = std::max(order, k.order);
  const Substitutions subs = {{"@NAME@", name}, {"@ORDER@", std::to_string(order + 1)}};
  Plan plan;
  for (const auto& e : fs::recursive_directory_iterator(templates)) {
    if (!e.is_regular_file()) continue;
    const fs::path target = root / substitute(fs::relative(e.path(), templates).string(), subs);
    plan.files.emplace_back(target, substitute(read_file(e.path()), subs));
  }
  // The stub as shipped, kept where learners do not edit it (what reset restores, what the
  // self-test grades).
  plan.files.emplace_back(
      root / "solutions" / name / "stub.cpp",
      substitute(read_file(templates / "katas" / "@NAME@" / "@NAME@.cpp"), subs));
  std::sort(plan.files.begin(), plan.files.end());
  if (const std::string conflict = plan.conflict(); !conflict.empty()) {
    std::cerr << "grade new-kata: " << conflict << "; nothing was created\n";
    return 2;
  }
  std::cout << "New kata " << name << " (placeholder task: softmax over the last axis):\n";
  plan.write();
  regenerate_classroom();
  std::cout << "\nIt builds, its untouched stub reads NOT STARTED and its self-test passes as it "
               "is: ./grade selftest "
            << name
            << "\nThen replace the placeholder task: every TODO(new-kata) marks a place "
               "(docs/authoring.md walks through it).\n";
  return 0;
}

}  // namespace cli
