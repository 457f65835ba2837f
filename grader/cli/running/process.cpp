#include "grader/cli/running/process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <chrono>
#include <thread>

namespace cli {

int run_command(const std::vector<std::string>& argv, std::string& output) {
  Spawn s;
  s.argv = argv;
  Finished f = run_process(s);
  output += f.output;
  return f.status;
}

Finished run_process(const Spawn& spawn) {
  Finished f;
  int fds[2];
  if (spawn.argv.empty() || pipe2(fds, O_CLOEXEC) != 0) return f;
  std::vector<std::string> args = spawn.argv, env = spawn.env;
  std::vector<char*> argv, envp;
  for (auto& a : args) argv.push_back(a.data());
  for (auto& e : env) envp.push_back(e.data());
  argv.push_back(nullptr);
  envp.push_back(nullptr);
  const pid_t pid = fork();
  if (pid < 0) {
    close(fds[0]);
    close(fds[1]);
    return f;
  }
  if (pid == 0) {
    if (spawn.wall_s > 0) setpgid(0, 0);  // to stop it and all it started
    apply_limits(spawn.limits);
    dup2(fds[1], 1);
    dup2(fds[1], 2);
    if (spawn.pass_fd >= 0) dup2(spawn.pass_fd, 3);
    close_range(spawn.pass_fd >= 0 ? 4 : 3, ~0U, 0);
    if (env.empty()) {
      execvp(argv[0], argv.data());
    } else {
      execvpe(argv[0], argv.data(), envp.data());
    }
    _exit(127);
  }
  close(fds[1]);
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(spawn.wall_s);
  std::array<char, 8192> buf{};
  pollfd p{fds[0], POLLIN, 0};
  while (true) {
    int wait_ms = -1;
    if (spawn.wall_s > 0) {
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
          deadline - std::chrono::steady_clock::now());
      if (left.count() <= 0) {
        f.timed_out = true;
        kill(-pid, SIGKILL);
        break;
      }
      wait_ms = int(left.count());
    }
    const int ready = poll(&p, 1, wait_ms);
    if (ready < 0 && errno != EINTR) break;
    if (ready <= 0) continue;
    const ssize_t n = read(fds[0], buf.data(), buf.size());
    if (n <= 0) break;
    f.output.append(buf.data(), size_t(n));
  }
  close(fds[0]);
  int status = 0;
  waitpid(pid, &status, 0);
  f.status = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  return f;
}

int core_count() { return int(std::max(1u, std::thread::hardware_concurrency())); }

}  // namespace cli
