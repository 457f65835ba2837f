#include "grader/cli/running/run.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/file.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstring>
#include <nlohmann/json.hpp>
#include <random>
#include <sstream>

#include "grader/cli/reports/results_json.hpp"
#include "grader/cli/running/activity.hpp"
#include "grader/cli/running/sandbox.hpp"
#include "grader/cli/running/syscall_filter.hpp"
#include "grader/cli/text.hpp"
#include "grader/report/finding_json.hpp"

// Note [time limits]
// A check's time limit is CPU time (RLIMIT_CPU), not wall-clock time: a correct solution uses the
// same CPU time however busy the machine is, so load (a CI runner shared with other jobs, two
// files graded at once, a CPU hog) cannot turn it into a timeout. An infinite loop burns CPU and
// is stopped at the limit. Code that blocks without using CPU (sleep, a read that never returns)
// is stopped when it is seen blocked (Note [blocked or slow]). Sanitizer builds multiply the limit
// by kSanitizerSlowdown (check_limits). The self-test reports the slowest CPU time of the checks
// of every passing file beside the limit, and fails when the margin is under 5x.
//
// Note [blocked or slow]
// Wall-clock time alone cannot tell code that waits forever from code that a busy machine runs
// slowly; the scheduler can. Every 100 ms the grader reads the states and CPU time of the check's
// threads, in the runner and in every process under it (the learner's process, and any it
// starts), from /proc (ActivityWatch): a thread that computes, or waits for a CPU, is in state R,
// and its CPU time grows; one that sleeps, waits for input or for a lock is not. A check none of
// whose threads was runnable and whose CPU time did not move over kBlockedAfter of samples taken
// without a gap (a gap, when the grader itself got no CPU, starts the count again) is blocked:
// stopped at once and reported so, without a re-run. No correct check waits a second: it only
// computes. A check that computes is never stopped by the wall clock before its CPU limit; a
// backstop of kBackstopFactor x its CPU limit ends one that a machine starves that much. Where
// /proc cannot be read, the old rule stands: a wall-clock limit, then one re-run alone at 4x before
// it counts. Once a check of a submission is stopped (blocked or at its CPU limit), its checks not
// started yet are reported with that cause instead of each waiting the same way (run_each in
// check_host.cpp).

namespace cli {

std::string signal_name(int sig) {
  switch (sig) {
    case SIGSEGV:
      return "SIGSEGV (segmentation fault: a read or write of memory it does not own)";
    case SIGABRT:
      return "SIGABRT (abort: an assert, std::terminate or a sanitizer report)";
    case SIGFPE:
      return "SIGFPE (arithmetic error, e.g. integer division by zero)";
    case SIGBUS:
      return "SIGBUS (bus error)";
    case SIGILL:
      return "SIGILL (illegal instruction)";
    case SIGKILL:
      return "SIGKILL (killed, e.g. out of memory)";
    case SIGXFSZ:
      return "SIGXFSZ (file too large: a check may write at most " +
             std::to_string(kCheckFileBytes >> 20) + " MiB to one file)";
    case SIGSYS:
      return "SIGSYS (a system call the sandbox refuses: starting a process, the network, "
             "deleting files or signalling other processes)";
    default:
      return "signal " + std::to_string(sig) + " (" + strsignal(sig) + ")";
  }
}

CheckLimits check_limits(const Kata& kata, bool sanitized, int override_s) {
  CheckLimits l;
  l.cpu_s =
      (override_s > 0 ? override_s : kata.time_limit_s) * (sanitized ? kSanitizerSlowdown : 1);
  l.memory_mib = kata.memory_limit_mib;
  return l;
}

namespace {

fs::path g_lock_path = fs::temp_directory_path() / "kt-grade-checks.lock";

/// What the text report keeps of a check's output, in bytes (results.json keeps 500 characters).
constexpr size_t kOutputLimit = 2000;

enum class Halt { None, CpuLimit, WallLimit, Blocked };

constexpr auto kBlockedAfter = std::chrono::seconds(3);
constexpr int kBackstopFactor = 20;

struct Attempt {
  std::string events, output;
  size_t output_dropped = 0;
  int status = 0;  // as from waitpid
  Halt stop = Halt::None;
  double wall_ms = 0, cpu_ms = 0;
  bool watched = false;  // the ActivityWatch could read the check's threads
};

/// A lock every check holds shared while it runs, and a re-run holds exclusive (Note [time
/// limits]).
class ChecksLock {
 public:
  explicit ChecksLock(bool exclusive) {
    fd_ = ::open(g_lock_path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0666);
    if (fd_ >= 0) flock(fd_, exclusive ? LOCK_EX : LOCK_SH);
  }
  ~ChecksLock() {
    if (fd_ >= 0) close(fd_);  // releases the lock
  }
  ChecksLock(const ChecksLock&) = delete;
  ChecksLock& operator=(const ChecksLock&) = delete;

 private:
  int fd_ = -1;
};

Attempt attempt(const Programs& programs, const CheckMeta& check, uint64_t seed,
                const CheckLimits& limits, int wall_s, const std::string& nonce) {
  Attempt a;
  int events[2], output[2];
  if (pipe2(events, O_CLOEXEC) != 0 || pipe2(output, O_CLOEXEC) != 0) {
    a.status = -1;
    return a;
  }
  // Everything the child needs is made before the fork: it only sets limits and execs.
  std::vector<std::string> env = sandbox_environment();
  env.push_back("KT_RUNNER_NONCE=" + nonce);
  const std::string seed_s = std::to_string(seed), mem = std::to_string(limits.memory_mib);
  std::vector<std::string> args = {programs.runner.string(),
                                   "--check",
                                   check.id,
                                   "--seed",
                                   seed_s,
                                   "--events-fd",
                                   "3",
                                   "--memory-limit-mib",
                                   mem,
                                   "--learner",
                                   programs.learner.string()};
  std::vector<char*> argv, envp;
  for (auto& s : args) argv.push_back(s.data());
  for (auto& s : env) envp.push_back(s.data());
  argv.push_back(nullptr);
  envp.push_back(nullptr);
  static const int max_processes = getuid() == 0 ? 0 : processes_of_this_user() + 64;
  const ProcessLimits process_limits{limits.cpu_s, kCheckFileBytes, 64, max_processes};
  const auto start = std::chrono::steady_clock::now();
  const pid_t pid = fork();
  if (pid == 0) {
    setpgid(0, 0);
    apply_limits(process_limits);
    dup2(output[1], 1);
    dup2(output[1], 2);
    dup2(events[1], 3);
    // Nothing else of the grader's reaches the runner, nor the learner's process it starts: no
    // inherited file (a report being written, another pipe) a fake result could be written into.
    // The runner puts the learner's process under the system-call filter (Note [the learner's
    // process] in grader/lib/remote.hpp); the runner itself is the grader's code, and starts it.
    close_range(4, ~0U, 0);
    execve(programs.runner.c_str(), argv.data(), envp.data());
    _exit(127);
  }
  close(events[1]);
  close(output[1]);
  ActivityWatch watch(pid, kBlockedAfter);
  const auto wall_deadline = start + std::chrono::seconds(wall_s);
  const auto backstop = start + std::chrono::seconds(kBackstopFactor * limits.cpu_s);
  std::array<pollfd, 2> fds{{{events[0], POLLIN, 0}, {output[0], POLLIN, 0}}};
  int open_fds = 2;
  std::array<char, 8192> buf{};
  while (open_fds > 0) {
    const auto now = std::chrono::steady_clock::now();
    if (watch.blocked(now)) {
      a.stop = Halt::Blocked;
      kill(-pid, SIGKILL);
      break;
    }
    // Watched, a check that computes runs to its CPU limit (Note [blocked or slow]).
    const auto deadline = watch.works() ? std::max(backstop, wall_deadline) : wall_deadline;
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - now);
    if (left.count() <= 0) {
      a.stop = Halt::WallLimit;
      kill(-pid, SIGKILL);
      break;
    }
    if (poll(fds.data(), fds.size(), int(std::min<long long>(left.count(), 100))) < 0) break;
    for (size_t i = 0; i < fds.size(); ++i) {
      if (fds[i].fd < 0 || (fds[i].revents & (POLLIN | POLLHUP | POLLERR)) == 0) continue;
      const ssize_t n = read(fds[i].fd, buf.data(), buf.size());
      if (n <= 0) {
        close(fds[i].fd);
        fds[i].fd = -1;
        --open_fds;
        continue;
      }
      if (i == 0) {
        a.events.append(buf.data(), size_t(n));
      } else if (a.output.size() < kOutputLimit) {
        a.output.append(buf.data(), size_t(n));
      } else {
        a.output_dropped += size_t(n);
      }
    }
  }
  a.watched = watch.works();
  for (auto& f : fds)
    if (f.fd >= 0) close(f.fd);
  rusage usage{};
  wait4(pid, &a.status, 0, &usage);
  kill(-pid, SIGKILL);  // anything the check left running in its process group
  a.wall_ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  a.cpu_ms = (double(usage.ru_utime.tv_sec) + double(usage.ru_stime.tv_sec)) * 1000.0 +
             (double(usage.ru_utime.tv_usec) + double(usage.ru_stime.tv_usec)) / 1000.0;
  if (a.stop == Halt::None && WIFSIGNALED(a.status) &&
      (WTERMSIG(a.status) == SIGXCPU ||
       (WTERMSIG(a.status) == SIGKILL && a.cpu_ms >= limits.cpu_s * 1000.0)))
    a.stop = Halt::CpuLimit;
  return a;
}

}  // namespace

void set_checks_lock_path(const fs::path& path) { g_lock_path = path; }
const fs::path& checks_lock_path() { return g_lock_path; }

TestResult run_check(const Programs& programs, const CheckMeta& check, uint64_t seed,
                     const CheckLimits& limits) {
  TestResult r;
  r.id = check.id;
  r.max_points = check.points;
  std::random_device entropy;
  const std::string nonce = std::to_string(entropy()) + std::to_string(entropy());
  Attempt a;
  {
    const ChecksLock shared(false);
    a = attempt(programs, check, seed, limits, limits.wall_s, nonce);
  }
  double wall_ms = a.wall_ms;
  if (a.stop == Halt::WallLimit && !a.watched) {  // maybe only a busy machine: once more, alone
    const ChecksLock alone(true);
    a = attempt(programs, check, seed, limits, 4 * limits.wall_s, nonce);
    wall_ms += a.wall_ms;
  }
  r.duration_ms = wall_ms;
  r.cpu_ms = a.cpu_ms;
  if (a.status == -1) {
    r.status = Status::Error;
    r.stop = report::Stop::NoPipes;
    r.message = "could not create pipes to run the check";
    return r;
  }
  if (a.output.size() > kOutputLimit) {
    a.output_dropped += a.output.size() - kOutputLimit;
    a.output.resize(kOutputLimit);
  }
  // Cut on a character boundary: drop a character left incomplete by the cut (valid_utf8 would
  // otherwise show it as U+FFFD).
  size_t end = a.output.size();
  for (size_t back = 1; back <= 3 && back <= end; ++back) {
    const auto c = static_cast<unsigned char>(a.output[end - back]);
    if ((c & 0xC0) == 0x80) continue;  // a continuation byte: look further back
    const size_t need = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 1;
    if (need > back && a.output_dropped > 0) {
      a.output_dropped += back;
      end -= back;
    }
    break;
  }
  a.output.resize(end);
  r.output = valid_utf8(a.output);
  if (a.output_dropped > 0)
    r.output += "\n[output cut: " + std::to_string(a.output_dropped) + " more bytes]";

  // Events: the last case announced, and the result if the runner got that far.
  nlohmann::json last_case, result;
  long blocked_call = -1;  // the system call the filter refused, as the runner's handler said
  std::istringstream lines(a.events);
  std::string line;
  while (std::getline(lines, line)) {
    const auto j = nlohmann::json::parse(line, nullptr, false);
    if (!j.is_object()) continue;
    if (j.value("event", "") == "case") last_case = j["case"];
    if (j.value("event", "") == "blocked" && j.contains("syscall") &&
        j["syscall"].is_number_integer())
      blocked_call = j["syscall"].get<long>();
    if (j.value("event", "") == "result" && j.value("nonce", "") == nonce) result = j;
  }
  // A result counts only from a runner that then exited normally.
  const bool clean_exit = a.stop == Halt::None && WIFEXITED(a.status) && WEXITSTATUS(a.status) == 0;
  if (result.is_object() && clean_exit) {
    static_cast<report::Finding&>(r) = report::finding_from_json(result, valid_utf8);
    r.status = parse_status(result.value("status", "")).value_or(Status::Fail);
    if (r.status == Status::NotStarted) r.status = Status::Fail;  // a kata's status, not a check's
    if (r.status == Status::Error && r.stop == report::Stop::None) r.stop = report::Stop::BadReply;
    if (r.status != Status::Error) r.stop = report::Stop::None;
    const auto title = result.find("title");
    if (title != result.end() && title->is_string())
      r.title = valid_utf8(title->get<std::string>());
    r.points = r.status == Status::Pass ? check.points : 0;
    return r;
  }
  r.status = Status::Error;
  const std::string during = last_case.is_null() ? "" : " on the case below";
  if (a.stop == Halt::CpuLimit) {
    r.stop = report::Stop::CpuLimit;
    r.message = "timed out: used more than " + std::to_string(limits.cpu_s) + " s of CPU time" +
                during + ". Look for a loop that never ends.";
  } else if (a.stop == Halt::Blocked) {
    r.stop = report::Stop::Blocked;
    r.message = "blocked: it sat idle for " + std::to_string(kBlockedAfter.count()) +
                " s, waiting instead of computing" + during +
                ". Look for something that waits forever: a sleep, a read from the terminal, a "
                "lock or a condition variable nobody releases.";
  } else if (a.stop == Halt::WallLimit && a.watched) {
    r.stop = report::Stop::Busy;
    r.message = "timed out: still computing after " +
                std::to_string(kBackstopFactor * limits.cpu_s) +
                " s of wall-clock time without reaching its CPU limit" + during +
                ": the machine is too busy to grade it. Run the grade again when it is idle.";
  } else if (a.stop == Halt::WallLimit) {
    r.stop = report::Stop::Hung;
    r.message = "timed out: still running after " + std::to_string(4 * limits.wall_s) +
                " s without using much CPU (twice: the second time alone)" + during +
                ". Look for something that waits forever (a sleep, a read from the terminal).";
  } else if (WIFSIGNALED(a.status) && WTERMSIG(a.status) == SIGSYS) {
    // What the case was does not matter: the code did something no case allows.
    r.stop = report::Stop::Refused;
    const std::string what = blocked_call >= 0 ? blocked_call_description(blocked_call) : "";
    r.message = "stopped by the sandbox: it tried to " +
                (what.empty() ? "make a system call checks may not make (start a process, use the "
                                "network, delete a file or signal another process)"
                              : what) +
                ". The call was refused: nothing outside the check happened. A check may only "
                "compute, print and write files in its temporary folder.";
    return r;
  } else if (WIFSIGNALED(a.status) && WTERMSIG(a.status) == SIGXFSZ) {
    r.stop = report::Stop::FileSize;
    r.message = "stopped at the file-size limit: it wrote more than " +
                std::to_string(kCheckFileBytes >> 20) + " MiB to one file (SIGXFSZ)" + during +
                ". The file was in its private temporary folder, thrown away with it.";
  } else if (WIFSIGNALED(a.status)) {
    r.stop = report::Stop::Crashed;
    r.signal = WTERMSIG(a.status);
    r.message = "crashed with " + signal_name(WTERMSIG(a.status)) + during + ".";
  } else {
    r.stop = report::Stop::RunnerExit;
    r.message = "the check runner exited with status " + std::to_string(WEXITSTATUS(a.status)) +
                " without a result" + during + ".";
  }
  r.counterexample = report::fields_from_json(last_case, valid_utf8);
  return r;
}

}  // namespace cli
