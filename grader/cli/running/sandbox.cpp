#include "grader/cli/running/sandbox.hpp"

#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "grader/cli/running/process.hpp"

// Note [the sandbox]
// A submission is untrusted code: its compile (the preprocessor reads whatever it #includes) and
// its checks run in bubblewrap, which builds a private view of the machine from these pieces:
//   - the system's programs and libraries (/usr, the /bin and /lib links, ld.so.cache,
//     /etc/alternatives for the compiler's link) read-only; a fresh /proc; /dev/null, /dev/zero
//     and /dev/urandom only;
//   - what the step needs, at the same path as outside so file names in messages stay the
//     learner's: for the compile the kata's folder, kt's public headers, the submission and the
//     output folder (writable); for the checks the runner and the grader itself;
//   - a private /tmp (a size-limited tmpfs) as the only place meant for writing, and a root folder
//     of its own on the host: a write anywhere else lands there, where the grader finds it after
//     each check and reports it ("tried to write outside its sandbox");
//   - its own user, PID, network (loopback only, down), IPC, UTS and cgroup namespaces; no
//     capabilities; killed with the grader (--die-with-parent); its own session (no terminal).
// So the repository (solutions/, reference/, hints/), other submissions, the gradebook and the
// home folder are simply not there. The checks of one grade share one sandbox (one bwrap start,
// ~20 ms, instead of one per check: see docs/performance.md); inside it the grader runs each
// check in its own process as before, under the rlimits and the system-call filter
// (syscall_filter.cpp), which apply with or without bubblewrap. Where bubblewrap cannot run (not
// installed; user namespaces disabled, as in some CI containers) --sandbox=auto says so once and
// grades with the rlimits and the filter alone; --sandbox=require refuses to grade.

namespace cli {

namespace {

SandboxMode g_mode = SandboxMode::Auto;

/// The system part of every layout.
void add_system(std::vector<std::string>& a) {
  a.insert(a.end(), {"--ro-bind", "/usr", "/usr"});
  // Merged /usr (Debian 12, Ubuntu): /bin, /lib... are links into /usr; elsewhere folders.
  for (const char* top : {"/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32"}) {
    std::error_code ec;
    const fs::path p = top;
    if (fs::is_symlink(p, ec)) {
      a.insert(a.end(), {"--symlink", fs::read_symlink(p, ec).string(), top});
    } else if (fs::is_directory(p, ec)) {
      a.insert(a.end(), {"--ro-bind", top, top});
    }
  }
  for (const char* etc : {"/etc/ld.so.cache", "/etc/alternatives"})
    a.insert(a.end(), {"--ro-bind-try", etc, etc});
  a.insert(a.end(), {"--proc", "/proc"});
  for (const char* dev : {"/dev/null", "/dev/zero", "/dev/urandom"})
    a.insert(a.end(), {"--dev-bind", dev, dev});
}

std::string first_line(const std::string& s) {
  std::string line = s.substr(0, s.find('\n'));
  if (line.size() > 160) line = line.substr(0, 160) + "...";
  return line;
}

/// The bubblewrap program: KT_BWRAP when set, else bwrap from the system's folders; empty when
/// there is none.
std::string bwrap_path() {
  if (const char* chosen = std::getenv("KT_BWRAP"); chosen != nullptr)
    return access(chosen, X_OK) == 0 ? chosen : "";
  for (const char* dir : {"/usr/bin", "/bin", "/usr/local/bin"})
    if (access((std::string(dir) + "/bwrap").c_str(), X_OK) == 0)
      return std::string(dir) + "/bwrap";
  return "";
}

SandboxState probe() {
  SandboxState s;
  if (g_mode == SandboxMode::Off) {
    s.reason = "turned off with --sandbox=off";
    return s;
  }
  if (bwrap_path().empty()) {
    s.reason = "bubblewrap is not installed (apt-get install bubblewrap)";
    return s;
  }
  SandboxLayout probe_layout;
  std::string out;
  const int status = run_command(bwrap_command(probe_layout, {"/usr/bin/true"}), out);
  if (status != 0) {
    s.reason = "bubblewrap cannot create its namespaces here (" + first_line(out) + ")";
    return s;
  }
  s.on = true;
  return s;
}

}  // namespace

std::optional<SandboxMode> parse_sandbox_mode(std::string_view name) {
  if (name == "auto") return SandboxMode::Auto;
  if (name == "require") return SandboxMode::Require;
  if (name == "off") return SandboxMode::Off;
  return std::nullopt;
}

std::string_view sandbox_mode_name(SandboxMode mode) {
  switch (mode) {
    case SandboxMode::Require:
      return "require";
    case SandboxMode::Off:
      return "off";
    case SandboxMode::Auto:
      break;
  }
  return "auto";
}

void set_sandbox_mode(SandboxMode mode) { g_mode = mode; }
SandboxMode sandbox_mode() { return g_mode; }

const SandboxState& sandbox_state() {
  static const SandboxState state = probe();
  return state;
}

std::string sandbox_line() {
  const SandboxState& s = sandbox_state();
  return s.on ? "sandbox: on"
              : "sandbox: off — " + s.reason +
                    ". The code ran with your own access to your files (docs/security.md).";
}

void require_sandbox() {
  if (g_mode != SandboxMode::Require || sandbox_state().on) return;
  throw SandboxRequired(
      "the sandbox is required (--sandbox=require) but cannot run: " + sandbox_state().reason +
      ". Install bubblewrap and allow user namespaces (on Ubuntu 24.04 that is sysctl "
      "kernel.apparmor_restrict_unprivileged_userns=0, which loosens a protection for the whole "
      "machine: see docs/security.md), or grade with --sandbox=auto.");
}

std::vector<std::string> bwrap_command(const SandboxLayout& layout,
                                       const std::vector<std::string>& command) {
  std::vector<std::string> a = {bwrap_path(),
                                "--unshare-user-try",
                                "--unshare-pid",
                                "--unshare-net",
                                "--unshare-ipc",
                                "--unshare-uts",
                                "--unshare-cgroup-try",
                                "--die-with-parent",
                                "--new-session",
                                "--cap-drop",
                                "ALL"};
  if (!layout.root.empty()) a.insert(a.end(), {"--bind", layout.root.string(), "/"});
  add_system(a);
  a.insert(a.end(), {"--size", std::to_string(layout.tmp_bytes), "--tmpfs", "/tmp"});
  for (const fs::path& p : layout.read_only) a.insert(a.end(), {"--ro-bind", p, p});
  for (const fs::path& p : layout.writable) a.insert(a.end(), {"--bind", p, p});
  if (!layout.cwd.empty())
    a.insert(a.end(), {"--dir", layout.cwd, "--chdir", layout.cwd});
  else
    a.insert(a.end(), {"--chdir", "/tmp"});
  if (layout.filter_fd >= 0) a.insert(a.end(), {"--seccomp", std::to_string(layout.filter_fd)});
  a.push_back("--");
  a.insert(a.end(), command.begin(), command.end());
  return a;
}

std::vector<std::string> sandbox_environment() {
  return {"PATH=/usr/bin:/bin", "HOME=/tmp", "TMPDIR=/tmp", "LANG=C.UTF-8"};
}

int processes_of_this_user() {
  // RLIMIT_NPROC counts threads: sum each process's "Threads:".
  const uid_t me = getuid();
  int n = 0;
  std::error_code ec;
  for (const auto& e : fs::directory_iterator("/proc", ec)) {
    const std::string name = e.path().filename().string();
    if (name.empty() || !std::all_of(name.begin(), name.end(), ::isdigit)) continue;
    std::ifstream status(e.path() / "status");
    std::string line;
    bool mine = false;
    while (std::getline(status, line)) {
      if (line.rfind("Uid:", 0) == 0) {
        std::istringstream fields(line.substr(4));
        uid_t real = 0;
        mine = bool(fields >> real) && real == me;
        if (!mine) break;
      } else if (mine && line.rfind("Threads:", 0) == 0) {
        n += std::atoi(line.c_str() + 8);
        break;
      }
    }
  }
  return n;
}

bool apply_limits(const ProcessLimits& l) {
  bool ok = true;
  const auto set = [&](int resource, rlim_t soft, rlim_t hard) {
    const rlimit r{soft, hard};
    ok = setrlimit(resource, &r) == 0 && ok;
  };
  set(RLIMIT_CORE, 0, 0);
  // CPU: SIGXCPU at the limit, SIGKILL one second later.
  if (l.cpu_s > 0) set(RLIMIT_CPU, rlim_t(l.cpu_s), rlim_t(l.cpu_s) + 1);
  if (l.file_bytes > 0) set(RLIMIT_FSIZE, l.file_bytes, l.file_bytes);
  if (l.open_files > 0) set(RLIMIT_NOFILE, rlim_t(l.open_files), rlim_t(l.open_files));
  if (l.max_processes > 0 && getuid() != 0)
    set(RLIMIT_NPROC, rlim_t(l.max_processes), rlim_t(l.max_processes));
  return ok;
}

}  // namespace cli
