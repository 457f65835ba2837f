// The check runner: a kata's checks, prebuilt (no learner's code in it: Note [the learner's
// process] in grader/lib/remote.hpp). It runs the check it is asked for, calling the learner's code
// in the learner's program it is given, and streams one JSON object per line: "case" events (the
// case about to run, so a crash or a timeout can still name it) and one "result" per check. ./grade
// spawns it once per check, in a child process with time and memory limits.
//
//   runner --list                      the kata's checks, one JSON line each
//   runner --check ID --learner PATH [--seed N] [--events-fd FD] [--memory-limit-mib M]
#include <fcntl.h>
#include <rapidcheck.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <nlohmann/json.hpp>

#include "grader/lib/check.hpp"
#include "grader/lib/remote.hpp"
#include "grader/lib/where_threw.hpp"
#include "grader/report/finding_json.hpp"

namespace grader {
namespace {

FILE* g_events = stdout;
std::string g_current_check;
// ./grade puts a fresh random token in KT_RUNNER_NONCE; the runner takes it out of the environment
// before any check runs and stamps its result with it, so text the learner's code writes cannot
// pass for a result. (Code in the same process can always cheat harder; this stops the easy ways.)
std::string g_nonce;

void emit(const nlohmann::json& j) {
  // Learner text (an exception's what()) can be any bytes: never let it stop the result.
  const std::string line = j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
  std::fwrite(line.data(), 1, line.size(), g_events);
  std::fflush(g_events);
}

void limit_memory(int64_t mib) {
#if defined(KT_SANITIZED)
  (void)mib;  // AddressSanitizer reserves terabytes of address space: see __asan_default_options
#else
  if (mib <= 0) return;
  const rlim_t bytes = static_cast<rlim_t>(mib) << 20;
  const rlimit limit{bytes, bytes};
  setrlimit(RLIMIT_AS, &limit);
#endif
}

/// RapidCheck announces its configuration the first time it loads it; that line is not the
/// learner's output, so load it once with stdout and stderr pointed at /dev/null.
void load_rapidcheck_quietly() {
  std::fflush(stdout);
  std::fflush(stderr);
  const int saved_out = dup(1);
  const int saved_err = dup(2);
  const int null_fd = open("/dev/null", O_WRONLY);
  if (saved_out < 0 || saved_err < 0 || null_fd < 0) return;
  dup2(null_fd, 1);
  dup2(null_fd, 2);
  (void)rc::detail::configuration();
  std::fflush(stdout);
  std::fflush(stderr);
  dup2(saved_out, 1);
  dup2(saved_err, 2);
  close(saved_out);
  close(saved_err);
  close(null_fd);
}

}  // namespace

std::vector<CheckInfo>& registry() {
  static std::vector<CheckInfo> checks;
  return checks;
}

void announce_case(const std::vector<std::pair<std::string, std::string>>& fields) {
  emit({{"event", "case"}, {"check", g_current_check}, {"case", report::fields_to_json(fields)}});
}

void announce_blocked_call(long syscall) { emit({{"event", "blocked"}, {"syscall", syscall}}); }

void abort_check(const std::string& message) {
  report::Finding f;
  f.message = message;
  f.stop = report::Stop::BadReply;
  nlohmann::json result = report::to_json(f);
  result.update(
      {{"event", "result"}, {"check", g_current_check}, {"status", "error"}, {"nonce", g_nonce}});
  emit(result);
  std::fflush(nullptr);
  _exit(0);
}

}  // namespace grader

#if defined(KT_SANITIZED)
// Under AddressSanitizer an address-space limit is impossible, so the 2 GiB budget is enforced by
// ASan itself: past it allocations fail (as they do under RLIMIT_AS in normal builds). The runner
// holds only the grader's code (the learner's runs in a process of its own, whose leaks are not
// the grader's business: learner_main.cpp), so a leak here is the grader's: LeakSanitizer reports
// it when the runner exits and exits non-zero, and a result counts only from a runner that exits
// with 0 (run.cpp): the check is an error and the sanitizer stage's matrix fails (docs/ci.md).
extern "C" const char* __asan_default_options();
extern "C" const char* __asan_default_options() {
  return "soft_rss_limit_mb=2048:allocator_may_return_null=1:detect_leaks=1";
}
#endif

int main(int argc, char** argv) {
  using grader::registry;
  CLI::App app{"kata check runner (spawned by ./grade)"};
  bool list = false;
  std::string check;
  uint64_t seed = 1;
  int events_fd = 1;
  int64_t memory_mib = 0;
  std::string learner;
  app.add_flag("--list", list, "list the checks");
  app.add_option("--check", check, "the check to run");
  app.add_option("--seed", seed, "random seed of the cases");
  app.add_option("--events-fd", events_fd, "file descriptor for the JSON lines");
  app.add_option("--memory-limit-mib", memory_mib, "address-space limit");
  app.add_option("--learner", learner, "the learner's program (its object, kt, the kata's calls)");
  CLI11_PARSE(app, argc, argv);

  if (const char* nonce = std::getenv("KT_RUNNER_NONCE")) {
    grader::g_nonce = nonce;
    unsetenv("KT_RUNNER_NONCE");
  }
  // Not dumpable: the learner's process (same user) cannot open this one's memory, descriptors or
  // /proc files (Note [the learner's process]).
  prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);
  signal(SIGPIPE, SIG_IGN);  // a learner's process gone is seen as such (remote.cpp)
  grader::remote::set_learner_program(learner);
  if (events_fd != 1) {
    grader::g_events = fdopen(events_fd, "w");
    if (grader::g_events == nullptr) {
      std::fprintf(stderr, "runner: cannot write events to fd %d\n", events_fd);
      return 2;
    }
  }
  if (list) {
    for (const auto& c : registry()) grader::emit({{"id", c.id}, {"title", c.title}});
    return 0;
  }
  const auto it = std::find_if(registry().begin(), registry().end(),
                               [&](const grader::CheckInfo& c) { return c.id == check; });
  if (it == registry().end()) {
    std::fprintf(stderr, "runner: unknown check '%s'\n", check.c_str());
    return 2;
  }
  grader::load_rapidcheck_quietly();
  grader::limit_memory(memory_mib);
  grader::g_current_check = it->id;
  const auto start = std::chrono::steady_clock::now();
  grader::Outcome outcome = it->run(seed);
  const auto ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start);
  // Where a call threw, by making it again (at most twice): only for a check that took 2 s or less
  // (a fifth of the CPU limit, Note [time limits] in grader/cli/running/run.cpp), so that the call
  // made again never costs the check its limit.
  if (!outcome.passed && ms.count() < 2000) grader::locate_throw(outcome.failure);
  nlohmann::json result = {{"event", "result"},
                           {"check", it->id},
                           {"title", it->title},
                           {"status", outcome.passed            ? "pass"
                                      : outcome.failure.error() ? "error"
                                      : outcome.failure.skipped ? "skipped"
                                                                : "fail"},
                           {"cases_run", outcome.cases_run},
                           {"seed", seed},
                           {"duration_ms", ms.count()},
                           {"nonce", grader::g_nonce}};
  if (!outcome.passed) result.update(report::to_json(outcome.failure));
  grader::emit(result);
  return 0;
}
