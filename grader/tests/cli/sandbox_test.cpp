// The sandbox's pieces: --sandbox's names, what bubblewrap is asked for, what a refused system call
// is called in a report. (That it contains hostile files end to end: tests/sandbox_test.sh.)
#include "grader/cli/running/sandbox.hpp"

#include <sys/syscall.h>

#include <algorithm>
#include <catch2/catch.hpp>

#include "grader/cli/running/syscall_filter.hpp"

namespace {

bool has(const std::vector<std::string>& a, const std::vector<std::string>& run) {
  return std::search(a.begin(), a.end(), run.begin(), run.end()) != a.end();
}

}  // namespace

TEST_CASE("the sandbox option takes auto, require and off, and nothing else", "[sandbox]") {
  for (const char* name : {"auto", "require", "off"})
    CHECK(cli::sandbox_mode_name(*cli::parse_sandbox_mode(name)) == name);
  CHECK_FALSE(cli::parse_sandbox_mode("on").has_value());
}

TEST_CASE("bubblewrap is asked for no network, its own processes, no capabilities and the binds",
          "[sandbox]") {
  cli::SandboxLayout layout;
  layout.root = "/tmp/root";
  layout.read_only = {"/work/katas/mha"};
  layout.writable = {"/work/out"};
  layout.filter_fd = 5;
  const std::vector<std::string> a = cli::bwrap_command(layout, {"/usr/bin/true", "x"});
  for (const char* flag :
       {"--unshare-net", "--unshare-pid", "--unshare-ipc", "--die-with-parent", "--new-session"})
    CHECK(has(a, {flag}));
  CHECK(has(a, {"--cap-drop", "ALL"}));
  CHECK(has(a, {"--bind", "/tmp/root", "/"}));
  CHECK(has(a, {"--ro-bind", "/usr", "/usr"}));
  CHECK(has(a, {"--ro-bind", "/work/katas/mha", "/work/katas/mha"}));
  CHECK(has(a, {"--bind", "/work/out", "/work/out"}));
  CHECK(has(a, {"--seccomp", "5"}));
  CHECK(has(a, {"--", "/usr/bin/true", "x"}));
  CHECK(a[a.size() - 3] == "--");
  // The repository and the home folder are not bound: only what the layout names is there.
  CHECK_FALSE(has(a, {"--bind", "/", "/"}));
  CHECK_FALSE(has(a, {"--ro-bind", "/", "/"}));
}

TEST_CASE("a refused system call is named by what it tried to do", "[sandbox]") {
  CHECK(cli::blocked_call_description(SYS_clone) == "start a process (clone)");
  CHECK(cli::blocked_call_description(SYS_socket) == "open a network connection (socket)");
  CHECK(cli::blocked_call_description(SYS_unlinkat) == "delete a file (unlinkat)");
  CHECK(cli::blocked_call_description(SYS_kill) == "signal another process (kill)");
  CHECK(cli::blocked_call_description(SYS_read).empty());
}

TEST_CASE("the environment a sandboxed process starts with holds nothing of the grader's",
          "[sandbox]") {
  CHECK(cli::sandbox_environment() ==
        std::vector<std::string>{"PATH=/usr/bin:/bin", "HOME=/tmp", "TMPDIR=/tmp", "LANG=C.UTF-8"});
}
