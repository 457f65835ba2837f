#include "grader/cli/learner/interview.hpp"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <thread>

#include "grader/cli/files.hpp"
#include "grader/cli/learner/state.hpp"
#include "grader/cli/reports/render.hpp"
#include "grader/cli/running/sandbox.hpp"

namespace cli {

namespace {

std::string trim(std::string s) {
  s.erase(0, s.find_first_not_of(" \t\r\n"));
  s.erase(s.find_last_not_of(" \t\r\n") + 1);
  return s;
}

std::string clock_text(long seconds) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%ld:%02ld", seconds / 60, seconds % 60);
  return buf;
}

}  // namespace

std::vector<DrillQuestion> drill_questions(const Kata& kata) {
  const fs::path path = source_dir() / "hints" / kata.name / "interview.md";
  std::ifstream in(path);
  if (!in)
    throw std::runtime_error("the kata " + kata.name + " has no follow-up questions (" +
                             path.string() + ")");
  std::vector<DrillQuestion> qs;
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("## ", 0) == 0) {
      qs.push_back({trim(line.substr(3)), "", ""});
    } else if (!qs.empty() && line.rfind("Pitfall:", 0) == 0) {
      qs.back().pitfall = trim(line.substr(8));
    } else if (!qs.empty()) {
      qs.back().answer += line + "\n";
    }
  }
  for (auto& q : qs) q.answer = trim(q.answer);
  if (qs.empty()) throw std::runtime_error(path.string() + " holds no '## question'");
  return qs;
}

fs::path interview_file(const Kata& kata) {
  return source_dir() / "interview" / kata.name / kata.file.filename();
}

std::string interview_statement(const Kata& kata) {
  std::ifstream in(source_dir() / "katas" / kata.name / "README.md");
  std::string line, out;
  bool in_task = false;
  while (std::getline(in, line)) {
    if (line.rfind("# ", 0) == 0 && out.empty()) out += line + "\n\n";
    if (line.rfind("## ", 0) == 0) {
      if (in_task) break;
      in_task = line.find("The task") != std::string::npos;
    }
    if (in_task) out += line + "\n";
  }
  return out;
}

int interview(const std::string& name, int minutes, GradeOptions opt, std::istream& answers) {
  const std::string kata_name = name.empty() ? (next_kata().empty() ? "mha" : next_kata()) : name;
  const auto found = find_kata(kata_name);
  if (!found) throw std::invalid_argument(unknown_kata_message(kata_name));
  const Kata& kata = *found;
  require_sandbox();
  const std::vector<DrillQuestion> questions = drill_questions(kata);  // fail before the clock
  if (minutes <= 0) minutes = kata.interview_minutes;
  const fs::path scratch = interview_file(kata);
  fs::create_directories(scratch.parent_path());
  fs::copy_file(kata.stub, scratch, fs::copy_options::overwrite_existing);
  const std::string shown = fs::relative(scratch, source_dir()).string();
  // The stub's time and text are read before "The clock is running" is printed: a save made as
  // soon as the line shows (a script, or a quick editor) is a change, not the starting point. The
  // text too: a file system's clock may give a save made within a few milliseconds of the copy the
  // stub's very time (a scripted save was never graded).
  fs::file_time_type seen = fs::last_write_time(scratch);
  std::string seen_text = read_file(scratch);

  std::cout << "Interview: " << kata.title << ". You have " << minutes << " minutes.\n"
            << "Write your answer in " << shown << " (a fresh copy of the stub; "
            << fs::relative(kata.file, source_dir()).string() << " is not touched). "
            << "Each save is graded, and you see only how many checks pass: an interviewer does "
               "not name your mistakes. No hints until the end.\n\n"
            << interview_statement(kata) << "\n"
            << "The clock is running.\n"
            << std::flush;

  opt.kata = kata.name;
  opt.solution = scratch.string();
  opt.format = "none";
  const auto start = std::chrono::steady_clock::now();
  const auto deadline = start + std::chrono::minutes(minutes);
  std::optional<KataResult> last;
  bool passed = false;
  while (!passed && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    std::error_code ec;
    const auto now = fs::last_write_time(scratch, ec);
    if (ec) continue;
    std::string text = read_file(scratch);
    if (now == seen && text == seen_text) continue;
    seen = now;
    seen_text = std::move(text);
    last = grade(kata, opt);
    const long left = long(std::chrono::duration_cast<std::chrono::seconds>(
                               deadline - std::chrono::steady_clock::now())
                               .count());
    const auto passing =
        std::count_if(last->tests.begin(), last->tests.end(),
                      [](const TestResult& t) { return t.status == Status::Pass; });
    std::cout << "[" << clock_text(std::max(0L, left)) << " left] ";
    if (last->tests.empty()) {
      // The compiler's errors are what an editor would show anyway.
      std::cout << "does not build:\n" << last->message << "\n";
    } else {
      std::cout << passing << " of " << last->tests.size() << " checks pass\n";
    }
    std::cout << std::flush;
    passed = last->status == Status::Pass;
  }
  const long taken = long(
      std::chrono::duration_cast<std::chrono::seconds>(std::chrono::steady_clock::now() - start)
          .count());
  std::cout << "\n"
            << (passed ? "Every check passes, in " + clock_text(taken) + " of " +
                             std::to_string(minutes) + ":00."
                       : "Time is up (" + std::to_string(minutes) + ":00).")
            << "\n\n";
  if (!last) last = grade(kata, opt);
  std::cout << "The full report, mistakes named:\n"
            << to_text(*last, false, "./grade " + kata.name + " --solution " + shown) << "\n";

  std::cout << "Follow-up questions (" << questions.size()
            << "): answer as you would out loud, end with an empty line.\n";
  for (size_t i = 0; i < questions.size(); ++i) {
    const DrillQuestion& q = questions[i];
    std::cout << "\nQ" << i + 1 << " of " << questions.size() << ": " << q.question << "\n> "
              << std::flush;
    std::string line, answer;
    while (std::getline(answers, line) && !trim(line).empty()) answer += line + "\n";
    if (answer.empty()) {
      std::cout << "(no answer)";
    } else if (!isatty(0)) {
      std::cout << answer;  // answers from a file: the transcript shows them
    }
    std::cout << "\nModel answer:\n";
    std::istringstream model(q.answer);
    for (std::string l; std::getline(model, l);) std::cout << "  " << l << "\n";
    if (!q.pitfall.empty()) std::cout << "It guards against: " << q.pitfall << "\n";
  }
  std::cout << "\nDone. Your kata file is untouched; the interview's is " << shown << ".\n";
  return passed ? 0 : 1;
}

}  // namespace cli
