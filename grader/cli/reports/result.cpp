#include "grader/cli/reports/result.hpp"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <map>

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

// Note [root causes]
// Checks that failed for one reason are one cause, so a learner reads it once. Each failing or
// skipped check has keys, every typed reason that applies: the result's wrong shape or dtype, its
// catalogue diagnosis, the type of the exception it threw (one mistake throws from the op each
// case reaches first: a masked_fill's broadcast on a case with a mask, a matmul's on one without;
// readers took two texts for two mistakes), why it stopped (a crash by its signal, a time-out; a
// check not run after another timed out has that check's key), its first diverging step (the step,
// whatever the case: one rope mistake diverges at its angles on every case, whether the code then
// returns wrong values or throws; numbers aside, as a step's name may hold its case's sizes, "s₀ =
// q[2:4] k[0:2]ᵀ"), its pitfall. Two checks that share a key have one cause, and so, through a
// check with two keys, do checks with different keys (union-find). No key is read off a message's
// text.
std::vector<std::string> keys_of(const TestResult& t) {
  std::vector<std::string> keys;
  if (t.status == Status::Pass) return keys;
  if (t.wrong != Wrong::None) keys.emplace_back("wrong");
  if (!t.diagnosis.empty()) keys.push_back("diagnosis " + t.diagnosis);
  if (!t.threw.empty())
    keys.push_back("threw " + (t.exception.empty() ? without_digits(t.threw) : t.exception));
  if (t.stop == Stop::NotRun) {
    keys.push_back("check " + t.after);
  } else if (t.stop != Stop::None) {
    keys.push_back("check " + t.id);
    keys.push_back(std::string("stop ") + report::stop_name(t.stop) + " " +
                   std::to_string(t.signal));
  }
  if (!t.journey_step.empty())
    keys.push_back("journey " + without_digits(t.journey_step));
  else if (!t.journey.empty())
    keys.push_back("journey " + t.journey);
  if (!t.pitfall.empty()) keys.push_back("diagnosis " + t.pitfall);
  return keys;
}

}  // namespace

std::string cause_in_words(const TestResult& t) {
  if (!t.diagnosis.empty()) return "diagnosis " + t.diagnosis;
  if (t.wrong != Wrong::None) return std::string("wrong ") + report::wrong_name(t.wrong);
  if (!t.threw.empty()) return t.exception.empty() ? "exception" : t.exception;
  if (t.stop != Stop::None) return stop_in_words(t);
  if (!t.journey_step.empty()) return "divergence at " + t.journey_step;
  if (!t.journey.empty()) return "first diverging step";
  if (!t.pitfall.empty()) return "pitfall " + t.pitfall;
  return "";
}

std::string stop_in_words(const report::Finding& f) {
  switch (f.stop) {
    case Stop::None:
      return "";
    case Stop::OutOfMemory:
      return "memory limit (2 GiB)";
    case Stop::BadReply:
      return "reply that cannot be read from your code's process";
    case Stop::CpuLimit:
      return "time-out at the CPU-time limit";
    case Stop::Blocked:
      return "block (it sat idle, waiting instead of computing)";
    case Stop::Busy:
      return "time-out on a machine too busy to grade";
    case Stop::Hung:
      return "hang: it kept running without computing";
    case Stop::NotRun:
      return "time-out in check " + f.after;
    case Stop::Refused:
      return "system call the sandbox refused";
    case Stop::FileSize:
      return "file-size limit";
    case Stop::WroteOutside:
      return "write outside the sandbox";
    case Stop::Crashed:
      if (const char* name = sigabbrev_np(f.signal)) return std::string("crash with SIG") + name;
      return "crash with signal " + std::to_string(f.signal);
    case Stop::RunnerExit:
      return "check runner's exit without a result";
    case Stop::NoPipes:
      return "check that could not be started";
  }
  return "";
}

std::vector<Cause> causes(const KataResult& r) {
  std::vector<size_t> failing;
  for (size_t i = 0; i < r.tests.size(); ++i)
    if (r.tests[i].status != Status::Pass) failing.push_back(i);
  // Union-find over the failing checks (by position in `failing`), joined through shared keys.
  std::vector<size_t> parent(failing.size());
  for (size_t i = 0; i < parent.size(); ++i) parent[i] = i;
  const auto root = [&](size_t i) {
    while (parent[i] != i) i = parent[i] = parent[parent[i]];
    return i;
  };
  std::map<std::string, size_t> first_with_key;
  for (size_t i = 0; i < failing.size(); ++i)
    for (const std::string& key : keys_of(r.tests[failing[i]])) {
      const auto [it, inserted] = first_with_key.emplace(key, i);
      if (!inserted) parent[root(i)] = root(it->second);
    }
  std::vector<Cause> out;
  std::map<size_t, size_t> cause_of_root;
  for (size_t i = 0; i < failing.size(); ++i) {
    const auto [it, inserted] = cause_of_root.emplace(root(i), out.size());
    if (inserted) out.emplace_back();
    Cause& c = out[it->second];
    const TestResult& t = r.tests[failing[i]];
    if (c.checks.empty() || (c.pitfall.empty() && !t.pitfall.empty())) {
      c.shown_by = failing[i];
      c.pitfall = t.pitfall;
    }
    c.checks.push_back(failing[i]);
    c.skipped += t.status == Status::Skipped;
  }
  const std::vector<std::string> named = r.pitfalls();
  for (Cause& c : out) {
    std::stable_partition(c.checks.begin(), c.checks.end(),
                          [&](size_t i) { return i == c.shown_by; });
    c.what = c.pitfall.empty() ? cause_in_words(r.tests[c.shown_by]) : "pitfall " + c.pitfall;
    if (c.pitfall.empty())
      for (const std::string& part : r.tests[c.shown_by].diagnosis_parts)
        if (std::find(named.begin(), named.end(), part) != named.end())
          c.with_pitfalls.push_back(part);
  }
  return out;
}

std::vector<int> cause_of_each(const KataResult& r, const std::vector<Cause>& causes) {
  std::vector<int> of(r.tests.size(), -1);
  for (size_t c = 0; c < causes.size(); ++c)
    for (const size_t i : causes[c].checks) of[i] = int(c);
  return of;
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
