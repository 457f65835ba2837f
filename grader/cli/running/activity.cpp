#include "grader/cli/running/activity.hpp"

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace cli {

namespace fs = std::filesystem;

namespace {

/// The state letter and utime + stime (fields 3, 14 and 15) of a /proc/.../stat line; the command
/// name in parentheses may hold spaces, so fields are counted after its closing ')'.
bool parse_stat(const std::string& line, char& state, long long& ticks) {
  const size_t close = line.rfind(')');
  if (close == std::string::npos) return false;
  std::istringstream rest(line.substr(close + 1));
  std::string field;
  long long utime = 0, stime = 0;
  for (int i = 3; i <= 15 && rest >> field; ++i) {
    if (i == 3) state = field.empty() ? '?' : field[0];
    if (i == 14) utime = std::stoll(field);
    if (i == 15) stime = std::stoll(field);
  }
  if (!rest) return false;
  ticks = utime + stime;
  return true;
}

}  // namespace

namespace {

/// One process's CPU time, and whether one of its threads is runnable; false when unreadable.
bool add_process(pid_t pid, ActivitySample& s) {
  const fs::path proc = fs::path("/proc") / std::to_string(pid);
  char state = '?';
  std::string line;
  long long ticks = 0;
  {
    std::ifstream stat(proc / "stat");
    if (!std::getline(stat, line) || !parse_stat(line, state, ticks)) return false;
  }
  s.cpu_ticks += ticks;
  std::error_code ec;
  for (const auto& task : fs::directory_iterator(proc / "task", ec)) {
    if (s.runnable) break;
    std::ifstream stat(task.path() / "stat");
    long long ignored = 0;
    if (std::getline(stat, line) && parse_stat(line, state, ignored) && state == 'R')
      s.runnable = true;
  }
  return true;
}

}  // namespace

std::optional<ActivitySample> sample_activity(pid_t pid) {
  ActivitySample s;
  if (!add_process(pid, s)) return std::nullopt;
  // And every process under it: the runner's learner's process (Note [the learner's process] in
  // grader/lib/remote.hpp), which computes while the runner waits for it, and any process that one
  // starts (a check is computing while any of them does). (At most 256 processes: a check may
  // start 64.)
  std::vector<pid_t> queue = {pid};
  for (size_t next = 0; next < queue.size() && queue.size() < 256; ++next) {
    std::error_code ec;
    const fs::path tasks = fs::path("/proc") / std::to_string(queue[next]) / "task";
    for (const auto& task : fs::directory_iterator(tasks, ec)) {
      std::ifstream children(task.path() / "children");
      pid_t child = 0;
      while (children >> child && queue.size() < 256) {
        add_process(child, s);
        queue.push_back(child);
      }
    }
  }
  return s;
}

bool ActivityWatch::blocked(Clock::time_point now) {
  if (!works_) return false;
  if (started_ && now - last_sample_ < std::chrono::milliseconds(100)) {
    return quiet_ && now - quiet_since_ >= quiet_for_;
  }
  const std::optional<ActivitySample> s = sample_activity(pid_);
  if (!s) {
    works_ = started_;  // never readable: no watch; gone after a while: it is exiting
    return false;
  }
  // INVARIANT: quiet_ means every sample since quiet_since_, taken without a gap of more than
  // 400 ms, saw no runnable thread and no CPU time used.
  const bool gap = !started_ || now - last_sample_ > std::chrono::milliseconds(400);
  const bool quiet_now = !s->runnable && started_ && s->cpu_ticks == last_ticks_;
  if (!quiet_now || gap) {
    quiet_ = false;
  } else if (!quiet_) {
    quiet_ = true;
    quiet_since_ = last_sample_;
  }
  started_ = true;
  last_sample_ = now;
  last_ticks_ = s->cpu_ticks;
  return quiet_ && now - quiet_since_ >= quiet_for_;
}

}  // namespace cli
