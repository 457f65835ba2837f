#include "grader/cli/learner/learner_commands.hpp"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <stdexcept>
#include <thread>

#include "grader/cli/files.hpp"
#include "grader/cli/learner/state.hpp"
#include "grader/cli/text.hpp"

namespace cli {

int list_katas() {
  std::cout << "Katas (edit the file, then ./grade NAME):\n";
  const std::vector<Kata> katas = load_katas();
  size_t name_width = 0, title_width = 0;  // columns, so the list reads as a table
  for (const Kata& k : katas) {
    name_width = std::max(name_width, count_chars(k.name));
    title_width = std::max(title_width, count_chars(k.title));
  }
  for (const Kata& k : katas) {
    std::string status = "not started";
    const KataProgress p = progress_of(k.name);
    if (!not_started(k)) {
      status = "in progress, not graded yet";
      if (const auto last = last_result(k.name)) {
        status = last->status == Status::Pass ? "passed"
                 : last->status == Status::NotStarted
                     ? "not started (edited, still the stub's throw)"
                     : "failing, score " + std::to_string(last->score) + "/" +
                           std::to_string(last->max_score);
      }
    }
    std::cout << "  " << k.name << std::string(name_width - count_chars(k.name) + 2, ' ') << k.title
              << std::string(title_width - count_chars(k.title) + 2, ' ') << "[" << status << "]  "
              << fs::relative(k.file, source_dir()).string() << "\n";
    if (p.attempts > 0) {
      // What this kata's record says: best score, attempts, time to the first pass, pitfalls.
      std::string record = "best " + std::to_string(p.best_score) + "/" +
                           std::to_string(p.max_score) + ", " + std::to_string(p.attempts) +
                           (p.attempts == 1 ? " attempt" : " attempts");
      if (!p.first_passed.empty())
        record += ", first pass after " + duration_between(p.first_graded, p.first_passed);
      if (!p.pitfalls_found.empty()) {
        std::vector<std::pair<int, std::string>> by_count;
        for (const auto& [id, n] : p.pitfalls_found) by_count.emplace_back(-n, id);
        std::sort(by_count.begin(), by_count.end());
        record += "; pitfalls hit:";
        for (const auto& [n, id] : by_count)
          record += " " + id + (n < -1 ? " x" + std::to_string(-n) : "");
      }
      std::cout << std::string(name_width + 4, ' ') << record << "\n";
    }
  }
  const std::string next = next_kata();
  std::cout << (next.empty() ? "Every kata passes." : "Next: ./grade " + next) << "\n";
  std::cout << "Hints: ./grade hint NAME    History: ./grade progress    All of the project's "
               "tests: ./grade selftest\n";
  return 0;
}

int show_progress(const std::string& only) {
  bool any = false;
  for (const Kata& k : load_katas()) {
    if (!only.empty() && k.name != only) continue;
    const KataProgress p = progress_of(k.name);
    if (p.history.empty()) continue;
    any = true;
    std::cout << k.name << ": " << k.title << " - " << p.attempts
              << (p.attempts == 1 ? " attempt" : " attempts") << ", best " << p.best_score << "/"
              << p.max_score;
    if (!p.first_passed.empty())
      std::cout << ", first pass " << p.first_passed << " ("
                << duration_between(p.first_graded, p.first_passed) << " after the first grading)";
    std::cout << "\n";
    if (p.history.size() == kHistoryKept)
      std::cout << "  (the last " << kHistoryKept << " gradings; older ones are not kept)\n";
    for (const Graded& a : p.history)
      std::cout << "  " << a.at << "  " << std::left << std::setw(11) << status_name(a.status)
                << std::right << std::setw(3) << a.score << "/" << a.max_score
                << (a.pitfalls.empty() ? "" : "  " + join(a.pitfalls, ", ")) << "\n";
  }
  if (!any)
    std::cout << (only.empty() ? "No kata graded yet" : "No grading of " + only + " yet")
              << ": edit a kata file, then ./grade NAME.\n";
  return 0;
}

int show_hint(const Kata& kata, bool all) {
  const fs::path dir = source_dir() / "hints" / kata.name;
  std::vector<fs::path> hints;
  for (int i = 1; fs::exists(dir / (std::to_string(i) + ".md")); ++i)
    hints.push_back(dir / (std::to_string(i) + ".md"));
  if (hints.empty()) {
    std::cerr << "grade: the kata '" << kata.name << "' has no hints (" << dir.string() << ")\n";
    return 2;
  }
  // A pitfall the last run found comes first: its own hint (once per run that found it).
  const KataProgress progress = progress_of(kata.name);
  if (!all && !progress.history.empty() && !progress.history.back().pitfalls.empty() &&
      progress.pitfall_hint_for != progress.history.back().at) {
    const std::string id = progress.history.back().pitfalls.front();
    if (const auto hint = pitfall_hint(kata, id)) {
      const fs::path targeted = source_dir() / *hint;
      std::cout << "--- the hint for what your last run found: " << id << " ---\n"
                << read_file(targeted) << "\n(run ./grade hint " << kata.name
                << " again for the general hints)\n";
      set_pitfall_hint_shown(kata.name, progress.history.back().at);
      return 0;
    }
  }
  const int already = hints_shown(kata.name);
  if (all) {
    for (size_t i = 0; i < hints.size(); ++i)
      std::cout << "--- hint " << i + 1 << " of " << hints.size() << " ---\n"
                << read_file(hints[i]) << "\n";
    set_hints_shown(kata.name, int(hints.size()));
  } else {
    const int next = std::min<int>(already, int(hints.size()) - 1);
    std::cout << "--- hint " << next + 1 << " of " << hints.size() << " ---\n"
              << read_file(hints[size_t(next)]);
    if (next + 1 < int(hints.size())) {
      std::cout << "\n(run ./grade hint " << kata.name << " again for the next one)\n";
    } else {
      std::cout << "\nThat was the last general hint. The grader names your mistake when it knows "
                   "it; each has its own hint in hints/"
                << kata.name << "/pitfalls/"
                << (kata.hints_from.empty() ? "" : " or hints/" + kata.hints_from + "/pitfalls/")
                << ".\n";
    }
    set_hints_shown(kata.name, next + 1);
  }
  return 0;
}

int reset_kata(const Kata& kata, bool yes) {
  const fs::path rel = fs::relative(kata.file, source_dir());
  if (!fs::exists(kata.stub)) {
    std::cerr << "grade: the shipped stub " << fs::relative(kata.stub, source_dir()).string()
              << " is missing; restore it from the project's repository (git checkout)\n";
    return 2;
  }
  const std::string stub = read_file(kata.stub);
  if (read_file(kata.file) == stub) {
    std::cout << rel.string() << " is already the shipped stub.\n";
    return 0;
  }
  if (!yes) {
    std::cout << "Replace " << rel.string() << " with the shipped stub? Your version is kept as "
              << rel.string() << ".bak [y/N] " << std::flush;
    std::string answer;
    if (!std::getline(std::cin, answer) || (answer != "y" && answer != "Y" && answer != "yes")) {
      std::cout << "Nothing changed.\n";
      return 1;
    }
  }
  fs::copy_file(kata.file, fs::path(kata.file.string() + ".bak"),
                fs::copy_options::overwrite_existing);
  std::ofstream(kata.file) << stub;
  std::cout << "Restored " << rel.string() << " (your version: " << rel.string() << ".bak).\n";
  return 0;
}

int show_solution(const Kata& kata, bool force) {
  const fs::path worked = source_dir() / "solutions" / kata.name / "worked.cpp";
  const auto last = last_result(kata.name);
  const bool passed = last && last->status == Status::Pass;
  if (!passed && !force) {
    std::cout << "The worked solution opens once ./grade " << kata.name
              << " passes. Try ./grade hint " << kata.name << " first (or add --force).\n";
    return 1;
  }
  std::cout << read_file(worked);
  std::cout << "\nAccepted variants: solutions/" << kata.name << "/accepted/\n";
  return 0;
}

int watch(const std::string& name, GradeOptions opt) {
  const std::string kata = name.empty() ? next_kata() : name;
  if (kata.empty())
    throw std::invalid_argument("every kata passes; name one to watch: ./grade watch KATA");
  const auto found = find_kata(kata);
  if (!found) throw std::invalid_argument(unknown_kata_message(kata));
  const Kata& k = *found;
  opt.kata = kata;
  std::cout << "Watching " << fs::relative(k.file, source_dir()).string()
            << " (checked twice a second, which works on every file system). Ctrl-C stops.\n";
  fs::file_time_type seen{};
  while (true) {
    std::error_code ec;
    const auto now = fs::last_write_time(k.file, ec);
    if (!ec && now != seen) {
      seen = now;
      if (isatty(1)) std::cout << "\033[2J\033[H";  // clear the screen
      grade_command(opt);
      std::cout << "\n(watching for the next save…)\n" << std::flush;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(500));
  }
}

}  // namespace cli
