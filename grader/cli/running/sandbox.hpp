// The sandbox every compile and check of a submission runs in: bubblewrap (a private view of the
// file system, no network, its own process tree) where the machine allows it, and always the
// rlimits and the system-call filter. See Note [the sandbox] in sandbox.cpp and docs/security.md.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cli {

namespace fs = std::filesystem;

/// --sandbox: auto (bubblewrap when it works, else say why and grade without it), require (refuse
/// to grade without it), off (no bubblewrap; the rlimits and the filter stay).
enum class SandboxMode { Auto, Require, Off };

std::optional<SandboxMode> parse_sandbox_mode(std::string_view name);
std::string_view sandbox_mode_name(SandboxMode mode);

/// The mode for this process (set once from the command line; default auto).
void set_sandbox_mode(SandboxMode mode);
SandboxMode sandbox_mode();

/// Whether compiles and checks run inside bubblewrap, and why not. Probed once per process.
struct SandboxState {
  bool on = false;
  std::string reason;  // when off: why, in a few words ("bubblewrap is not installed")
};
const SandboxState& sandbox_state();

/// "sandbox: on" or "sandbox: off — <reason>", the line reports show.
std::string sandbox_line();

/// Thrown by require_sandbox() under --sandbox=require when the sandbox cannot run.
struct SandboxRequired : std::runtime_error {
  using std::runtime_error::runtime_error;
};
/// Throws SandboxRequired when the mode is require and the sandbox is off.
void require_sandbox();

/// What one sandboxed process sees: the system's programs and libraries read-only, these paths
/// at their own place (read-only or writable), a private /tmp, and a root folder of its own.
struct SandboxLayout {
  std::vector<fs::path> read_only;   // bound read-only at the same path (files or folders)
  std::vector<fs::path> writable;    // bound writable at the same path
  fs::path root;                     // host folder as "/": what is written outside the binds lands
                                     // here, where the grader finds it; empty: a throwaway tmpfs
  fs::path cwd;                      // working folder (created when it is not bound); empty: /tmp
  uint64_t tmp_bytes = 64ull << 20;  // size of the private /tmp
  int filter_fd = -1;                // the system-call filter's program, for bwrap --seccomp
};

/// The bwrap command that runs `command` in the layout.
std::vector<std::string> bwrap_command(const SandboxLayout& layout,
                                       const std::vector<std::string>& command);

/// The limits a sandboxed process runs under (set in the child before exec; RLIMIT_CORE is 0).
struct ProcessLimits {
  int cpu_s = 0;            // RLIMIT_CPU (0: none)
  uint64_t file_bytes = 0;  // RLIMIT_FSIZE: the largest file it may write (0: none)
  int open_files = 0;       // RLIMIT_NOFILE (0: none)
  int max_processes = 0;    // RLIMIT_NPROC (0: none; never set for root, whom the kernel does
                            // not hold to it)
};

/// The environment a sandboxed process starts with: PATH, HOME and TMPDIR only (nothing of the
/// grader's leaks in).
std::vector<std::string> sandbox_environment();

/// In a forked child, before exec: applies the limits. Returns false when one could not be set.
bool apply_limits(const ProcessLimits& limits);

/// How many threads the user running the grader has now (RLIMIT_NPROC counts them all).
int processes_of_this_user();

}  // namespace cli
