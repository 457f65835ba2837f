#include "grader/cli/result.hpp"

#include <algorithm>
#include <cctype>

namespace cli {

const char* status_name(Status s) {
  switch (s) {
    case Status::Pass:
      return "pass";
    case Status::Fail:
      return "fail";
    case Status::Error:
      return "error";
    case Status::NotStarted:
      return "not started";
    case Status::Skipped:
      return "skipped";
  }
  return "fail";
}

std::optional<Status> parse_status(const std::string& name) {
  for (Status s : {Status::Pass, Status::Fail, Status::Error, Status::NotStarted, Status::Skipped})
    if (name == status_name(s)) return s;
  return std::nullopt;
}

int KataResult::score() const {
  int s = 0;
  for (const auto& t : tests) s += t.points;
  return s;
}

int KataResult::max_score() const {
  if (tests.empty()) return declared_max;
  int s = 0;
  for (const auto& t : tests) s += t.max_points;
  return s;
}

std::vector<std::string> KataResult::pitfalls() const {
  std::vector<std::string> ids;
  for (const auto& t : tests)
    if (!t.pitfall.empty() && std::find(ids.begin(), ids.end(), t.pitfall) == ids.end())
      ids.push_back(t.pitfall);
  return ids;
}

std::vector<std::string> KataResult::diagnoses() const {
  std::vector<std::string> ids;
  for (const auto& t : tests)
    if (!t.diagnosis.empty() && std::find(ids.begin(), ids.end(), t.diagnosis) == ids.end())
      ids.push_back(t.diagnosis);
  return ids;
}

std::string KataResult::first_failure() const {
  if (!message.empty()) return message;
  for (const auto& t : tests)
    if (t.status != Status::Pass) return t.id + ": " + t.message;
  return "";
}

namespace {

/// Text with each run of digits as one '#': the same error on another shape is the same cause.
std::string without_digits(const std::string& text) {
  std::string out;
  for (const char ch : text) {
    if (!std::isdigit(static_cast<unsigned char>(ch))) {
      out += ch;
    } else if (out.empty() || out.back() != '#') {
      out += '#';
    }
  }
  return out;
}

}  // namespace

std::string first_clause(const std::string& message) {
  size_t end = message.size();
  for (const char* stop : {" on the case", ". ", " in check "})
    end = std::min(end, message.find(stop));
  return message.substr(0, end);
}

std::vector<std::string> causes_of(const TestResult& t) {
  std::vector<std::string> keys;
  if (t.status == Status::Pass) return keys;
  if (t.wrong_shape) keys.emplace_back("wrong shape");
  if (!t.diagnosis.empty()) keys.push_back("diagnosis " + t.diagnosis);
  if (!t.threw.empty()) keys.push_back("threw " + without_digits(t.threw));
  if (t.status == Status::Error && t.threw.empty()) {
    // A crash, a time-out, the memory limit: the same one in several checks is one cause (the
    // case it ran on left out).
    // A check not run after another timed out names it: not_run_after in check_host.cpp.
    keys.push_back("error " + without_digits(first_clause(t.message)));
  }
  if (!t.journey.empty()) keys.push_back("journey " + t.journey);
  if (!t.pitfall.empty()) keys.push_back("diagnosis " + t.pitfall);
  return keys;
}

Status overall_status(const std::vector<TestResult>& tests) {
  const auto all = [&](auto pred) { return std::all_of(tests.begin(), tests.end(), pred); };
  if (tests.empty()) return Status::Error;
  if (all([](const TestResult& t) { return t.status == Status::Pass; })) return Status::Pass;
  if (all([](const TestResult& t) { return t.status != Status::Pass && t.not_implemented; }))
    return Status::NotStarted;
  if (all([](const TestResult& t) { return t.status == Status::Error; })) return Status::Error;
  return Status::Fail;
}

}  // namespace cli
