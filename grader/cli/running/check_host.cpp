#include "grader/cli/running/check_host.hpp"

#include <fcntl.h>
#include <sys/prctl.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <atomic>
#include <fstream>
#include <functional>
#include <iostream>
#include <map>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <sstream>
#include <thread>

#include "grader/cli/reports/results_json.hpp"
#include "grader/cli/running/process.hpp"
#include "grader/cli/running/sandbox.hpp"

namespace cli {

namespace {

/// Where file systems are mounted, from /proc/self/mountinfo (its fifth field, octal escapes
/// undone).
std::set<std::string> mount_points() {
  std::set<std::string> points;
  std::ifstream in("/proc/self/mountinfo");
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream fields(line);
    std::string field, point;
    for (int i = 0; i < 5 && fields >> field; ++i) point = field;
    std::string plain;
    for (size_t i = 0; i < point.size(); ++i) {
      if (point[i] == '\\' && i + 3 < point.size()) {
        plain += char(std::stoi(point.substr(i + 1, 3), nullptr, 8));
        i += 3;
      } else {
        plain += point[i];
      }
    }
    points.insert(plain);
  }
  return points;
}

/// Every path under "/" on the sandbox's own root folder: mount points are listed, not entered.
std::set<std::string> root_entries(const std::set<std::string>& mounts) {
  std::set<std::string> entries;
  std::error_code ec;
  fs::recursive_directory_iterator it("/", fs::directory_options::skip_permission_denied, ec);
  for (; !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
    const std::string p = it->path().string();
    entries.insert(p);
    if (mounts.count(p) != 0 || it->is_symlink(ec)) it.disable_recursion_pending();
  }
  return entries;
}

/// What a check wrote outside its /tmp: the new files of the root folder (else its new folders),
/// all removed once listed.
std::vector<std::string> take_writes(const std::set<std::string>& before,
                                     const std::set<std::string>& mounts) {
  std::vector<std::string> files, folders;
  for (const std::string& p : root_entries(mounts)) {
    if (before.count(p) != 0) continue;
    std::error_code ec;
    (fs::is_directory(fs::symlink_status(p, ec)) ? folders : files).push_back(p);
  }
  std::error_code ec;
  for (auto it = folders.rbegin(); it != folders.rend(); ++it) fs::remove_all(*it, ec);
  for (const std::string& p : files) fs::remove(p, ec);
  return files.empty() ? folders : files;
}

std::string wrote_outside_message(const std::vector<std::string>& paths) {
  std::string list;
  for (size_t i = 0; i < paths.size() && i < 3; ++i) list += (i ? ", " : "") + paths[i];
  if (paths.size() > 3) list += " and " + std::to_string(paths.size() - 3) + " more";
  std::string m = "tried to write outside its sandbox: ";  // appended: GCC 12's -Wrestrict
  m += list;
  m += ". Nothing outside the sandbox changed: the write went to a throwaway copy, now removed. A "
       "check may write files only in its temporary folder ($TMPDIR, /tmp).";
  return m;
}

/// A check not run because an earlier one of the same submission timed out: that check's cause
/// (its message up to the case; the report groups the two: Note [root causes]), and why it was not
/// waited for again (Note [blocked or slow] in run.cpp).
TestResult not_run_after(const CheckMeta& check, const TestResult& stopped) {
  TestResult t;
  t.id = check.id;
  t.max_points = check.points;
  t.status = Status::Error;
  t.stop = Stop::NotRun;
  t.after = stopped.id;
  t.message = "check " + stopped.id + " stopped at the " + stop_in_words(stopped) +
              ". This check was not run: it calls the same code and would wait the same way. Fix " +
              stopped.id + " first.";
  return t;
}

/// Runs each check with run_check, `jobs` at a time (each in its own process: threads here only
/// wait for them), calling done(index, result) as each finishes, one call at a time. Once a check
/// times out (blocked, or at its CPU limit), the checks not started yet are not run: each is
/// reported with that cause (not_run_after).
void run_each(const Programs& programs, const std::vector<CheckMeta>& checks, uint64_t seed,
              const CheckLimits& limits, int jobs,
              const std::function<void(size_t, TestResult)>& done) {
  std::atomic<size_t> next{0};
  std::mutex report;
  std::optional<TestResult> stopped;  // the first check that timed out; guarded by `report`
  const auto work = [&] {
    for (size_t i = next++; i < checks.size(); i = next++) {
      std::optional<TestResult> earlier;
      {
        const std::lock_guard<std::mutex> lock(report);
        earlier = stopped;
      }
      TestResult t = earlier ? not_run_after(checks[i], *earlier)
                             : run_check(programs, checks[i], seed, limits);
      const std::lock_guard<std::mutex> one_at_a_time(report);
      if (t.timed_out() && !stopped && !earlier) stopped = t;
      done(i, std::move(t));
    }
  };
  std::vector<std::thread> threads;
  for (int j = 1; j < std::min<int>(jobs, int(checks.size())); ++j) threads.emplace_back(work);
  work();
  for (std::thread& t : threads) t.join();
}

}  // namespace

int check_host_main(int argc, char** argv) {
  CLI::App app{"kt-grade check-host: runs checks inside the sandbox (started by ./grade)"};
  std::string kata;
  Programs programs;
  uint64_t seed = 1;
  CheckLimits limits;
  int lock_fd = -1, jobs = 1;
  std::vector<std::string> checks;
  app.add_option("--kata", kata)->required();
  app.add_option("--runner", programs.runner)->required();
  app.add_option("--learner", programs.learner)->required();
  app.add_option("--seed", seed);
  app.add_option("--cpu-s", limits.cpu_s);
  app.add_option("--wall-s", limits.wall_s);
  app.add_option("--memory-mib", limits.memory_mib);
  app.add_option("--lock-fd", lock_fd);
  app.add_option("--jobs", jobs);
  app.add_option("checks", checks, "ID:POINTS");
  CLI11_PARSE(app, argc, argv);
  // Not dumpable: a check (same user, inside) cannot open this process's descriptors through
  // /proc and write a result into the channel to the grader.
  prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);
  if (lock_fd >= 0) set_checks_lock_path("/proc/self/fd/" + std::to_string(lock_fd));
  const std::set<std::string> mounts = mount_points();
  const std::set<std::string> before = root_entries(mounts);
  std::vector<CheckMeta> metas;
  for (const std::string& spec : checks) {
    CheckMeta meta;
    meta.id = spec.substr(0, spec.rfind(':'));
    meta.points = std::atoi(spec.substr(spec.rfind(':') + 1).c_str());
    metas.push_back(meta);
  }
  // With checks in parallel, a write is charged to the check that finishes first after it.
  run_each(programs, metas, seed, limits, jobs, [&](size_t, TestResult t) {
    const std::vector<std::string> written = take_writes(before, mounts);
    if (!written.empty()) {
      // No case matters and nothing it found counts: no case allows it.
      static_cast<report::Finding&>(t) = {};
      t.status = Status::Error;
      t.points = 0;
      t.message = wrote_outside_message(written);
      t.stop = Stop::WroteOutside;
    }
    KataResult one;
    one.kata = kata;
    one.seed = seed;
    one.status = t.status;
    one.tests.push_back(std::move(t));
    std::cout << to_json(one).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) << "\n"
              << std::flush;
  });
  return 0;
}

std::vector<TestResult> run_checks(const Kata& kata, const Programs& programs,
                                   const std::vector<CheckMeta>& checks, uint64_t seed,
                                   const CheckLimits& limits, const fs::path& work_dir, int jobs) {
  std::vector<TestResult> results;
  if (!sandbox_state().on) {
    results.resize(checks.size());
    run_each(programs, checks, seed, limits, jobs,
             [&](size_t i, TestResult t) { results[i] = std::move(t); });
    return results;
  }
  const fs::path self = fs::canonical("/proc/self/exe");
  const fs::path root = work_dir / "sandbox-root";
  std::error_code ec;
  fs::remove_all(root, ec);
  fs::create_directories(root);
  const int lock_fd = ::open(checks_lock_path().c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0666);

  std::vector<std::string> host = {self.string(),  "check-host",
                                   "--kata",       kata.name,
                                   "--runner",     fs::absolute(programs.runner).string(),
                                   "--learner",    fs::absolute(programs.learner).string(),
                                   "--seed",       std::to_string(seed),
                                   "--cpu-s",      std::to_string(limits.cpu_s),
                                   "--wall-s",     std::to_string(limits.wall_s),
                                   "--memory-mib", std::to_string(limits.memory_mib)};
  if (lock_fd >= 0) host.insert(host.end(), {"--lock-fd", "3"});
  host.insert(host.end(), {"--jobs", std::to_string(jobs)});
  for (const CheckMeta& c : checks) host.push_back(c.id + ":" + std::to_string(c.points));
  SandboxLayout layout;
  layout.root = root;
  layout.read_only = {fs::absolute(programs.runner), fs::absolute(programs.learner), self};
  layout.tmp_bytes = 256ull << 20;
  Spawn spawn;
  spawn.argv = bwrap_command(layout, host);
  spawn.env = sandbox_environment();
  // Each check stops itself (its CPU and wall limits, a re-run at 4x); this only catches a host
  // that could not.
  spawn.wall_s = int(checks.size()) * (5 * limits.wall_s + 5) + 30;  // (as if one at a time)
  spawn.pass_fd = lock_fd;
  const Finished f = run_process(spawn);
  if (lock_fd >= 0) close(lock_fd);
  fs::remove_all(root, ec);

  std::map<std::string, TestResult> by_id;
  std::string other;  // what the sandbox printed that is not a result (bubblewrap's errors)
  std::istringstream lines(f.output);
  std::string line;
  while (std::getline(lines, line)) {
    const auto j = nlohmann::json::parse(line, nullptr, false);
    const auto one = from_json(j);
    if (one && one->tests.size() == 1) {
      by_id[one->tests[0].id] = one->tests[0];
    } else if (other.empty() && !line.empty()) {
      other = line;
    }
  }
  for (const CheckMeta& c : checks) {
    if (auto it = by_id.find(c.id); it != by_id.end()) {
      results.push_back(it->second);
      continue;
    }
    TestResult t;
    t.id = c.id;
    t.max_points = c.points;
    t.status = Status::Error;
    t.stop = f.timed_out ? Stop::Hung : Stop::RunnerExit;
    t.message = "the sandbox stopped before this check could report (" +
                (f.timed_out ? std::string("it ran past every check's time limit")
                             : "exit status " + std::to_string(f.status)) +
                (other.empty() ? "" : ": " + other.substr(0, 300)) + ").";
    results.push_back(std::move(t));
  }
  return results;
}

}  // namespace cli
