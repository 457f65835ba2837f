#include "grader/cli/run.hpp"

#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <chrono>
#include <cstring>
#include <random>
#include <sstream>

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
    default:
      return "signal " + std::to_string(sig) + " (" + strsignal(sig) + ")";
  }
}

namespace {

constexpr size_t kOutputLimit = 2000;

}  // namespace

TestResult run_check(const Kata& kata, const fs::path& runner, const CheckMeta& check,
                     uint64_t seed) {
  TestResult r;
  r.id = check.id;
  r.max_points = check.points;
  int events[2], output[2];
  if (pipe(events) != 0 || pipe(output) != 0) {
    r.status = "error";
    r.message = "could not create pipes to run the check";
    return r;
  }
  const auto start = std::chrono::steady_clock::now();
  std::random_device entropy;
  const std::string nonce = std::to_string(entropy()) + std::to_string(entropy());
  const pid_t pid = fork();
  if (pid == 0) {
    setpgid(0, 0);
    setenv("KT_RUNNER_NONCE", nonce.c_str(), 1);
    dup2(output[1], 1);
    dup2(output[1], 2);
    dup2(events[1], 3);
    // Nothing else of the grader's reaches the learner's code: no inherited file (a report being
    // written, another pipe) it could write a fake result into.
    close_range(4, ~0U, 0);
    const std::string seed_s = std::to_string(seed), mem = std::to_string(kata.memory_limit_mib);
    execl(runner.c_str(), runner.c_str(), "--check", check.id.c_str(), "--seed", seed_s.c_str(),
          "--events-fd", "3", "--memory-limit-mib", mem.c_str(), static_cast<char*>(nullptr));
    _exit(127);
  }
  close(events[1]);
  close(output[1]);
  std::string event_text, out_text;
  size_t out_dropped = 0;
  bool timed_out = false;
  const auto deadline = start + std::chrono::seconds(kata.time_limit_s);
  std::array<pollfd, 2> fds{{{events[0], POLLIN, 0}, {output[0], POLLIN, 0}}};
  int open_fds = 2;
  std::array<char, 8192> buf{};
  while (open_fds > 0) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) {
      timed_out = true;
      kill(-pid, SIGKILL);
      break;
    }
    if (poll(fds.data(), fds.size(), int(left.count())) < 0) break;
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
        event_text.append(buf.data(), size_t(n));
      } else if (out_text.size() < kOutputLimit) {
        out_text.append(buf.data(), size_t(n));
      } else {
        out_dropped += size_t(n);
      }
    }
  }
  for (auto& f : fds)
    if (f.fd >= 0) close(f.fd);
  int status = 0;
  waitpid(pid, &status, 0);
  r.duration_ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  if (out_text.size() > kOutputLimit) {
    out_dropped += out_text.size() - kOutputLimit;
    out_text.resize(kOutputLimit);
  }
  r.output = out_text;
  if (out_dropped > 0) r.output += "\n[output cut: " + std::to_string(out_dropped) + " more bytes]";

  // Events: the last case announced, and the result if the runner got that far.
  nlohmann::json last_case, result;
  std::istringstream lines(event_text);
  std::string line;
  while (std::getline(lines, line)) {
    const auto j = nlohmann::json::parse(line, nullptr, false);
    if (j.is_discarded()) continue;
    if (j.value("event", "") == "case") last_case = j["case"];
    if (j.value("event", "") == "result" && j.value("nonce", "") == nonce) result = j;
  }
  // A result counts only from a runner that then exited normally.
  const bool clean_exit = !timed_out && WIFEXITED(status) && WEXITSTATUS(status) == 0;
  if (!result.is_null() && clean_exit) {
    r.title = result.value("title", "");
    r.status = result.value("status", "fail");
    r.message = result.value("message", "");
    if (result.contains("pitfall") && result["pitfall"].is_string()) r.pitfall = result["pitfall"];
    if (result.contains("counterexample")) r.counterexample = result["counterexample"];
    r.expected = result.value("expected", "");
    r.got = result.value("got", "");
    r.points = r.status == "pass" ? check.points : 0;
    return r;
  }
  r.status = "error";
  const std::string during = last_case.is_null() ? "" : " on the case below";
  if (timed_out) {
    r.message = "timed out after " + std::to_string(kata.time_limit_s) + " s" + during +
                ". Look for a loop that never ends.";
  } else if (WIFSIGNALED(status)) {
    r.message = "crashed with " + signal_name(WTERMSIG(status)) + during + ".";
  } else {
    r.message = "the check runner exited with status " + std::to_string(WEXITSTATUS(status)) +
                " without a result" + during + ".";
  }
  if (!last_case.is_null()) r.counterexample = last_case;
  return r;
}

}  // namespace cli
