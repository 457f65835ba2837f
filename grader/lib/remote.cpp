#include "grader/lib/remote.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <linux/landlock.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fstream>
#include <optional>

#include "grader/cli/running/syscall_filter.hpp"
#include "grader/lib/check.hpp"
#include "grader/lib/journey.hpp"

extern char** environ;

namespace grader::remote {

namespace {

std::string g_program;
/// Set by unit tests at static initialisation: a function-local static, whatever the order.
std::function<std::string(const std::string&)>& in_process() {
  static std::function<std::string(const std::string&)> answer;
  return answer;
}

struct Learner {
  pid_t pid = -1;
  int to = -1, from = -1;  // its requests (fd 3 there) and replies (fd 4 there)
};
Learner g_shared;  // the check's learner's process, started on its first call

/// In the learner's process before exec: no file under /proc may be opened for writing (Landlock;
/// everywhere else stays as the sandbox has it). /proc/self/clear_refs would reset the peak memory
/// the kernel counts (Note [flash_attention memory, as the kernel counts it] in
/// grader/katas/flash_attention/cases.hpp), /proc/self/mem would let it write over itself. A
/// kernel without Landlock leaves it to the process not being dumpable (docs/security.md).
void close_proc_for_writing() {
  landlock_ruleset_attr attr{};
  attr.handled_access_fs = LANDLOCK_ACCESS_FS_WRITE_FILE;
  const int ruleset = int(syscall(SYS_landlock_create_ruleset, &attr, sizeof attr, 0));
  if (ruleset < 0) return;
  if (DIR* root = opendir("/")) {
    while (const dirent* e = readdir(root)) {
      const std::string name = e->d_name;
      if (name == "." || name == ".." || name == "proc") continue;
      const int fd = open(("/" + name).c_str(), O_PATH | O_CLOEXEC);
      if (fd < 0) continue;
      landlock_path_beneath_attr beneath{};
      beneath.allowed_access = LANDLOCK_ACCESS_FS_WRITE_FILE;
      beneath.parent_fd = fd;
      syscall(SYS_landlock_add_rule, ruleset, LANDLOCK_RULE_PATH_BENEATH, &beneath, 0);
      close(fd);
    }
    closedir(root);
  }
  prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0);
  syscall(SYS_landlock_restrict_self, ruleset, 0);
  close(ruleset);
}

Learner start() {
  if (g_program.empty()) abort_check("the runner was not told which learner's program to start");
  int requests[2], replies[2];
  if (pipe2(requests, O_CLOEXEC) != 0 || pipe2(replies, O_CLOEXEC) != 0)
    abort_check("could not create the pipes to the learner's process");
  std::string program = g_program;
  char* argv[] = {program.data(), nullptr};
  const pid_t pid = fork();
  if (pid == 0) {
    // Its own process group (a kill(0) reaches itself only), killed when the runner dies; its
    // limits are the runner's, inherited; the filter last (Note [what a check may do]).
    setpgid(0, 0);
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    signal(SIGPIPE, SIG_DFL);
    const int in = fcntl(requests[0], F_DUPFD, 10), out = fcntl(replies[1], F_DUPFD, 10);
    if (in < 0 || out < 0 || dup2(in, 3) != 3 || dup2(out, 4) != 4) _exit(126);
    close_range(5, ~0U, 0);
    close_proc_for_writing();
    if (!cli::install_check_filter(cli::check_filter_program(getpid()))) _exit(126);
    execve(argv[0], argv, environ);
    _exit(127);
  }
  close(requests[0]);
  close(replies[1]);
  if (pid < 0) abort_check("could not start the learner's process");
  return {pid, requests[1], replies[0]};
}

/// The learner's process ended (or is ending) without a reply: the runner ends the same way, so
/// ./grade reports what it did as it reports a runner that did it (Note [the learner's process]).
[[noreturn]] void ended(Learner& l, std::optional<uint64_t> blocked_call) {
  close(l.to);
  close(l.from);
  int status = 0;
  while (waitpid(l.pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (blocked_call) announce_blocked_call(long(*blocked_call));
  if (WIFSIGNALED(status)) {
    const int sig = WTERMSIG(status);
    signal(sig, SIG_DFL);
    raise(sig);
    _exit(128 + sig);
  }
  const int code = WIFEXITED(status) ? WEXITSTATUS(status) : 1;
  if (code == 126 || code == 127) abort_check("could not start the learner's process");
  _exit(code);
}

/// Sends one request and takes its reply frame; ends the runner as the learner's process ended.
std::string exchange(Learner& l, const std::string& request) {
  if (!wire::write_frame(l.to, request)) ended(l, std::nullopt);
  std::string reply;
  try {
    if (!wire::read_frame(l.from, reply)) ended(l, std::nullopt);
  } catch (const wire::Malformed& e) {
    kill(l.pid, SIGKILL);
    abort_check(std::string("the learner's process sent a reply the grader cannot read (") +
                e.what() +
                "): something in the submission wrote over the channel to the grader. Nothing "
                "it sent is graded.");
  }
  return reply;
}

/// The request of a call: its name, whether this thread traces, its inputs.
std::string request(const std::string& name, const wire::Writer& args) {
  const kt::TraceWanted trace = kt::trace_wanted();
  wire::Writer r;
  r.text(name);
  r.u64(trace.on ? (trace.keep_values ? 2 : 1) : 0);
  r.append(args);
  return r.bytes();
}

/// Reads a reply frame: its tag, the trace's events into this thread's trace, then the handler's
/// reply through `read`, every byte of it.
void accept(Learner* l, const std::string& name, std::string reply,
            const std::function<void(wire::Reader&)>& read) {
  const kt::TraceWanted trace = kt::trace_wanted();
  try {
    wire::Reader r(std::move(reply));
    const uint64_t tag = r.u64();
    if (tag == wire::kBlockedCall) {
      const uint64_t nr = r.u64();
      if (l != nullptr) ended(*l, nr);
      abort_check("a call was refused");
    }
    if (tag == wire::kUnknownCall)
      abort_check("grader bug: the learner's program has no handler for the call '" + name + "'");
    if (tag != wire::kReplied) throw wire::Malformed("an unknown reply tag");
    if (trace.on) {
      std::vector<kt::TraceEvent> events = r.events();
      learner_code_starts();
      kt::append_trace_events(std::move(events));
    }
    {
      const kt::TracePause pause;  // reading the reply is not the learner's work
      read(r);
    }
    r.expect_end();
  } catch (const wire::Malformed& e) {
    if (l != nullptr) kill(l->pid, SIGKILL);
    abort_check(std::string("the learner's process sent a reply the grader cannot read (") +
                e.what() +
                "): something in the submission wrote over the channel to the grader. Nothing "
                "it sent is graded.");
  }
}

/// VmHWM of a live process, from the kernel (/proc/PID/status), in bytes; -1 when unreadable.
int64_t peak_resident(pid_t pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/status");
  std::string key;
  while (in >> key) {
    if (key == "VmHWM:") {
      int64_t kib = -1;
      in >> kib;
      return kib < 0 ? -1 : kib * 1024;
    }
    std::string rest;
    std::getline(in, rest);
  }
  return -1;
}

}  // namespace

void set_learner_program(std::string path) { g_program = std::move(path); }

void answer_in_process(std::function<std::string(const std::string&)> answer) {
  in_process() = std::move(answer);
}

namespace {

struct MadeCall {
  std::string name;
  wire::Writer args;
};
thread_local std::optional<MadeCall> g_last_call;

}  // namespace

std::function<std::string()> last_call_again() {
  if (!g_last_call) return {};
  return [made = *g_last_call] {
    std::string error;
    call(made.name, made.args, [&](wire::Reader& r) {
      try {
        error = r.run().error;
      } catch (const wire::Malformed&) {
        error.clear();  // a reply that does not begin with a Run: nothing to compare
      }
      r.skip_rest();
    });
    return error;
  };
}

namespace {

/// The process of this thread's FreshLearner scope (pid -1 until its first call), or none.
thread_local std::optional<Learner> g_fresh;

/// Ends a learner's process at the end of its requests.
void end(Learner& l) {
  close(l.to);
  close(l.from);
  int status = 0;
  while (waitpid(l.pid, &status, 0) < 0 && errno == EINTR) {
  }
}

}  // namespace

FreshLearner::FreshLearner() { g_fresh = Learner{}; }

FreshLearner::~FreshLearner() {
  if (g_fresh && g_fresh->pid >= 0) end(*g_fresh);
  g_fresh.reset();
}

void call(const std::string& name, const wire::Writer& args,
          const std::function<void(wire::Reader&)>& read) {
  g_last_call = MadeCall{name, args};
  const std::string req = request(name, args);
  if (in_process()) {
    accept(nullptr, name, in_process()(req), read);
    return;
  }
  Learner& l = g_fresh ? *g_fresh : g_shared;
  if (l.pid < 0) l = start();
  accept(&l, name, exchange(l, req), read);
}

int64_t call_alone(const std::string& name, const wire::Writer& args,
                   const std::function<void(wire::Reader&)>& read) {
  const std::string req = request(name, args);
  if (in_process()) {
    accept(nullptr, name, in_process()(req), read);
    return -1;
  }
  Learner l = start();
  std::string reply = exchange(l, req);
  // Read while it waits for its next request: its own memory's peak since it started.
  const int64_t peak = peak_resident(l.pid);
  if (peak < 0) {
    kill(l.pid, SIGKILL);
    abort_check(
        "could not read the kernel's count of the learner's process's memory (VmHWM in /proc/" +
        std::to_string(l.pid) + "/status): this check measures it and cannot do without it");
  }
  accept(&l, name, std::move(reply), read);
  end(l);
  return peak;
}

}  // namespace grader::remote
