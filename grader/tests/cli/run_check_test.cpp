// run_check's limits, with stand-in runners (shell scripts): a CPU-time limit that counts at once,
// code that blocks stopped once it is seen blocked, and the watch that tells the two apart (Note
// [blocked or slow] in run.cpp).
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <fstream>
#include <thread>

#include "grader/cli/files.hpp"
#include "grader/cli/running/activity.hpp"
#include "grader/cli/running/run.hpp"

namespace {

namespace fs = std::filesystem;

/// An executable shell script in a fresh temporary folder.
fs::path script(const std::string& body) {
  const fs::path dir = cli::make_temp_dir();
  const fs::path path = dir / "runner";
  std::ofstream(path) << "#!/bin/sh\n" << body << "\n";
  fs::permissions(path, fs::perms::owner_all);
  return path;
}

}  // namespace

TEST_CASE("a check that burns CPU stops at the CPU-time limit and counts at once", "[run]") {
  const fs::path runner = script("while :; do :; done");
  const cli::TestResult r =
      cli::run_check({runner, ""}, {"shape", 1}, 1, {.cpu_s = 1, .wall_s = 20});
  CHECK(r.status == cli::Status::Error);
  CHECK(r.timed_out());
  CHECK(r.message == "timed out: used more than 1 s of CPU time. Look for a loop that never ends.");
  CHECK(r.duration_ms < 10000);  // not the wall-clock limit, and no re-run
  fs::remove_all(runner.parent_path());
}

TEST_CASE("a check that blocks is stopped once seen blocked, in seconds and without a re-run",
          "[run]") {
  const fs::path runner = script("exec sleep 60");  // exec: a shell's fork is refused (below)
  const cli::TestResult r =
      cli::run_check({runner, ""}, {"shape", 1}, 1, {.cpu_s = 1, .wall_s = 20});
  CHECK(r.status == cli::Status::Error);
  CHECK(r.timed_out());
  CHECK(r.message ==
        "blocked: it sat idle for 3 s, waiting instead of computing. Look "
        "for something that waits forever: a sleep, a read from the terminal, a lock or a "
        "condition variable nobody releases.");
  CHECK(r.duration_ms >= 3000);
  CHECK(r.duration_ms < 10000);  // not the wall-clock limit of 20 s, and no re-run
  fs::remove_all(runner.parent_path());
}

TEST_CASE("a check that computes is not stopped by the wall clock before its CPU limit", "[run]") {
  // Its wall-clock limit (1 s) is shorter than its CPU limit (2 s), as when a busy machine gives
  // a check a third of a core: it still runs to the CPU limit.
  const fs::path runner = script("while :; do :; done");
  const cli::TestResult r =
      cli::run_check({runner, ""}, {"shape", 1}, 1, {.cpu_s = 2, .wall_s = 1});
  CHECK(r.timed_out());
  CHECK(r.message == "timed out: used more than 2 s of CPU time. Look for a loop that never ends.");
  // Past the wall-clock limit in both clocks: stopped at 1 s of wall time, it would have had at
  // most 1 s of CPU. (Not >= 2 s of CPU: on a loaded machine the kernel's rusage of a process
  // killed for RLIMIT_CPU has read 1.75 s.)
  CHECK(r.duration_ms > 1000);
  CHECK(r.cpu_ms > 1000);
  fs::remove_all(runner.parent_path());
}

TEST_CASE("the activity watch tells a sleeping process from a computing one", "[run]") {
  using namespace std::chrono_literals;
  const auto watch_for = [](const char* command, std::chrono::milliseconds how_long) {
    const pid_t pid = fork();
    if (pid == 0) {
      setpgid(0, 0);  // its own group: killed with everything it started
      execl("/bin/sh", "sh", "-c", command, static_cast<char*>(nullptr));
      _exit(127);
    }
    setpgid(pid, pid);
    cli::ActivityWatch watch(pid, 500ms);
    const auto start = std::chrono::steady_clock::now();
    bool blocked = false;
    while (!blocked && std::chrono::steady_clock::now() - start < how_long) {
      blocked = watch.blocked(std::chrono::steady_clock::now());
      std::this_thread::sleep_for(20ms);
    }
    const bool works = watch.works();
    kill(-pid, SIGKILL);
    waitpid(pid, nullptr, 0);
    return std::pair{works, blocked};
  };
  CHECK(watch_for("exec sleep 30", 3000ms) == std::pair{true, true});
  CHECK(watch_for("while :; do :; done", 1500ms) == std::pair{true, false});
  // A grandchild that computes while its parent and the watched process wait for it (the
  // learner's process under the sandbox: runner -> bwrap -> bwrap -> learner) is computing too.
  // (": " after each command: a shell would otherwise exec its last command in its own place.)
  CHECK(watch_for("sh -c 'sh -c \"while :; do :; done\"; :'; :", 1500ms) == std::pair{true, false});
  CHECK(watch_for("sh -c 'sh -c \"sleep 30\"; :'; :", 3000ms) == std::pair{true, true});
  CHECK_FALSE(cli::sample_activity(999999999).has_value());  // no such process
}

TEST_CASE("a runner that prints bytes of any kind gives valid UTF-8, cut on a character", "[run]") {
  // 1999 bytes, then a two-byte character across the 2000-byte cut, then more.
  const fs::path runner = script("printf 'bad \\377 nul \\000 '; printf '" +
                                 std::string(1987, 'x') + "'; printf '\\303\\251 more'; exit 3");
  const cli::TestResult r =
      cli::run_check({runner, ""}, {"shape", 1}, 1, {.cpu_s = 5, .wall_s = 10});
  CHECK(r.status == cli::Status::Error);
  CHECK(r.message == "the check runner exited with status 3 without a result.");
  CHECK(r.output.find("bad \xEF\xBF\xBD nul \xEF\xBF\xBD x") == 0);
  CHECK(r.output.find("x\n[output cut: 7 more bytes]") != std::string::npos);
  fs::remove_all(runner.parent_path());
}

TEST_CASE("a runner that dies of SIGSYS is reported stopped by the sandbox, the call named",
          "[run]") {
  // What a runner does when the filter refused a call of its learner's process: says which on the
  // events channel, then dies of the same signal (grader/lib/remote.cpp).
  const fs::path runner = script(
      "printf '{\"event\":\"case\",\"case\":[]}\\n{\"event\":\"blocked\",\"syscall\":41}\\n' >&3; "
      "kill -SYS $$");
  const cli::TestResult r =
      cli::run_check({runner, ""}, {"shape", 1}, 1, {.cpu_s = 5, .wall_s = 10});
  CHECK(r.status == cli::Status::Error);
  CHECK(r.message ==
        "stopped by the sandbox: it tried to open a network connection (socket). The call was "
        "refused: nothing outside the check happened. A check may only compute, print and write "
        "files in its temporary folder.");
  CHECK(r.counterexample.empty());  // no case allows it: none is shown
  fs::remove_all(runner.parent_path());
}
