// run_check's limits, with stand-in runners (shell scripts): a CPU-time limit that counts at once,
// a wall-clock limit for code that blocks, re-run once alone before it counts.
#include <unistd.h>

#include <catch2/catch.hpp>
#include <fstream>

#include "grader/cli/files.hpp"
#include "grader/cli/run.hpp"

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
  const cli::TestResult r = cli::run_check(runner, {"shape", 1}, 1, {.cpu_s = 1, .wall_s = 20});
  CHECK(r.status == cli::Status::Error);
  CHECK(r.timed_out);
  CHECK(r.message == "timed out: used more than 1 s of CPU time. Look for a loop that never ends.");
  CHECK(r.duration_ms < 10000);  // not the wall-clock limit, and no re-run
  fs::remove_all(runner.parent_path());
}

TEST_CASE("a check that blocks is stopped by the wall clock and re-run once, alone", "[run]") {
  const fs::path runner = script("exec sleep 60");  // exec: a shell's fork is refused (below)
  const cli::TestResult r = cli::run_check(runner, {"shape", 1}, 1, {.cpu_s = 1, .wall_s = 1});
  CHECK(r.status == cli::Status::Error);
  CHECK(r.timed_out);
  CHECK(r.message ==
        "timed out: still running after 4 s without using much CPU (twice: the second time "
        "alone). Look for something that waits forever (a sleep, a read from the terminal).");
  CHECK(r.duration_ms >= 5000);  // 1 s, then 4 s alone
  fs::remove_all(runner.parent_path());
}

TEST_CASE("a runner that prints bytes of any kind gives valid UTF-8, cut on a character", "[run]") {
  // 1999 bytes, then a two-byte character across the 2000-byte cut, then more.
  // printf is the shell's own: no process started (the filter refuses that, below).
  const fs::path runner = script("printf 'bad \\377 nul \\000 '; printf '" +
                                 std::string(1987, 'x') + "'; printf '\\303\\251 more'; exit 3");
  const cli::TestResult r = cli::run_check(runner, {"shape", 1}, 1, {.cpu_s = 5, .wall_s = 10});
  CHECK(r.status == cli::Status::Error);
  CHECK(r.message == "the check runner exited with status 3 without a result.");
  CHECK(r.output.find("bad \xEF\xBF\xBD nul \xEF\xBF\xBD x") == 0);
  CHECK(r.output.find("x\n[output cut: 7 more bytes]") != std::string::npos);
  fs::remove_all(runner.parent_path());
}

TEST_CASE("a check that starts a process is stopped by the system-call filter, and says so",
          "[run]") {
  const fs::path runner = script("sleep 5; exit 0");  // the shell forks to run sleep
  const cli::TestResult r = cli::run_check(runner, {"shape", 1}, 1, {.cpu_s = 5, .wall_s = 10});
  CHECK(r.status == cli::Status::Error);
  CHECK(r.message ==
        "stopped by the sandbox: it tried to make a system call checks may not make (start a "
        "process, use the network, delete a file or signal another process). The call was "
        "refused: nothing outside the check happened. A check may only compute, print and write "
        "files in its temporary folder.");
  CHECK(r.counterexample.empty());  // no case allows it: none is shown
  CHECK(r.duration_ms < 4000);      // refused at once, not slept
  fs::remove_all(runner.parent_path());
}
