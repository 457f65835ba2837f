#include "grader/cli/running/syscall_filter.hpp"

#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <sched.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#include <cstddef>
#include <utility>

// Note [what a check may do]
// A check computes: it reads the memory it was given, allocates, prints, and may write files in
// its private temporary folder. The filter below refuses the system calls that would reach
// anything else, whatever the file system looks like (so it holds when bubblewrap is missing):
//   - starting a process: fork, vfork, clone without CLONE_THREAD (threads stay allowed; clone3
//     answers ENOSYS, and glibc then falls back to clone, whose flags the filter can read);
//   - the network: socket;
//   - destroying files: unlink, rmdir, rename, truncate by path, mknod;
//   - signalling any process but itself (kill(-1) would reach every process the user owns, and
//     without a PID namespace the grader is one of them);
//   - undoing what keeps its own /proc files closed to it: prctl(PR_SET_DUMPABLE);
//   - reaching other processes or the kernel's machinery: ptrace, process_vm_readv/writev,
//     mount, unshare, setns, bpf, perf_event_open, io_uring (whose requests bypass this filter),
//     keys, modules, reboot and the like.
// A refused call raises SIGSYS (SECCOMP_RET_TRAP); the runner's handler reports which call it was
// before the process dies, so the report says "tried to start a process (clone)" rather than only
// "killed by SIGSYS". A foreign architecture's calls (the i386 ABI on x86_64, x32) are killed:
// their numbers mean other calls. Exec stays allowed — the filter is installed before the runner
// is exec'd — and survives it, so whatever the check execs is held to the same rules.

namespace cli {

namespace {

#if defined(__x86_64__)
constexpr unsigned kArch = AUDIT_ARCH_X86_64;
#elif defined(__aarch64__)
constexpr unsigned kArch = AUDIT_ARCH_AARCH64;
#else
#error "the check filter knows x86_64 and aarch64"
#endif

struct Blocked {
  long nr;
  const char* name;
  const char* what;
};

#define KT_BLOCK(call, what) \
  { SYS_##call, #call, what }

/// The calls refused outright, and what trying one means.
constexpr Blocked kBlocked[] = {
#ifdef SYS_fork
    KT_BLOCK(fork, "start a process"),
#endif
#ifdef SYS_vfork
    KT_BLOCK(vfork, "start a process"),
#endif
    KT_BLOCK(socket, "open a network connection"),
#ifdef SYS_unlink
    KT_BLOCK(unlink, "delete a file"),
#endif
    KT_BLOCK(unlinkat, "delete a file"),
#ifdef SYS_rmdir
    KT_BLOCK(rmdir, "delete a folder"),
#endif
#ifdef SYS_rename
    KT_BLOCK(rename, "rename a file"),
#endif
#ifdef SYS_renameat
    KT_BLOCK(renameat, "rename a file"),
#endif
    KT_BLOCK(renameat2, "rename a file"),
    KT_BLOCK(truncate, "truncate a file"),
#ifdef SYS_mknod
    KT_BLOCK(mknod, "create a device file"),
#endif
    KT_BLOCK(mknodat, "create a device file"),
    KT_BLOCK(tkill, "signal another process"),
    KT_BLOCK(rt_sigqueueinfo, "signal another process"),
    KT_BLOCK(rt_tgsigqueueinfo, "signal another process"),
    KT_BLOCK(pidfd_open, "signal another process"),
    KT_BLOCK(pidfd_send_signal, "signal another process"),
    KT_BLOCK(ptrace, "trace another process"),
    KT_BLOCK(process_vm_readv, "read another process's memory"),
    KT_BLOCK(process_vm_writev, "write another process's memory"),
    KT_BLOCK(mount, "mount a file system"),
    KT_BLOCK(umount2, "unmount a file system"),
    KT_BLOCK(pivot_root, "change the root folder"),
    KT_BLOCK(chroot, "change the root folder"),
    KT_BLOCK(unshare, "leave its namespaces"),
    KT_BLOCK(setns, "enter other namespaces"),
    KT_BLOCK(bpf, "load a kernel program"),
    KT_BLOCK(perf_event_open, "watch other processes"),
    KT_BLOCK(io_uring_setup, "use io_uring"),
    KT_BLOCK(keyctl, "use the kernel's key store"),
    KT_BLOCK(add_key, "use the kernel's key store"),
    KT_BLOCK(request_key, "use the kernel's key store"),
    KT_BLOCK(init_module, "load a kernel module"),
    KT_BLOCK(finit_module, "load a kernel module"),
    KT_BLOCK(delete_module, "unload a kernel module"),
    KT_BLOCK(kexec_load, "replace the kernel"),
    KT_BLOCK(reboot, "reboot the machine"),
    KT_BLOCK(swapon, "change swap space"),
    KT_BLOCK(swapoff, "change swap space"),
    KT_BLOCK(open_by_handle_at, "open files by handle"),
};
#undef KT_BLOCK

constexpr unsigned kArgLow(int i) {  // the low 32 bits of argument i (little-endian)
  return unsigned(offsetof(seccomp_data, args) + 8 * i);
}

}  // namespace

std::string check_filter_program(pid_t self) {
  std::vector<sock_filter> p;
  const auto stmt = [&](unsigned short code, unsigned k) { p.push_back(BPF_STMT(code, k)); };
  const auto jump = [&](unsigned short code, unsigned k, unsigned char jt, unsigned char jf) {
    p.push_back(BPF_JUMP(code, k, jt, jf));
  };
  const unsigned allow = SECCOMP_RET_ALLOW, trap = SECCOMP_RET_TRAP;

  stmt(BPF_LD | BPF_W | BPF_ABS, offsetof(seccomp_data, arch));
  jump(BPF_JMP | BPF_JEQ | BPF_K, kArch, 1, 0);
  stmt(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS);
  stmt(BPF_LD | BPF_W | BPF_ABS, offsetof(seccomp_data, nr));
#if defined(__x86_64__)
  jump(BPF_JMP | BPF_JGE | BPF_K, 0x40000000u, 0, 1);  // the x32 ABI
  stmt(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS);
#endif
  for (const Blocked& b : kBlocked) {
    jump(BPF_JMP | BPF_JEQ | BPF_K, unsigned(b.nr), 0, 1);
    stmt(BPF_RET | BPF_K, trap);
  }
  // ioctl(fd, TIOCSTI): typing into the terminal the grader runs in.
  jump(BPF_JMP | BPF_JEQ | BPF_K, unsigned(SYS_ioctl), 0, 4);
  stmt(BPF_LD | BPF_W | BPF_ABS, kArgLow(1));
  jump(BPF_JMP | BPF_JEQ | BPF_K, unsigned(TIOCSTI), 0, 1);
  stmt(BPF_RET | BPF_K, trap);
  stmt(BPF_RET | BPF_K, allow);
  // prctl(PR_SET_DUMPABLE): the learner's process is not dumpable (its program is execute-only),
  // so its /proc files, clear_refs among them (which resets the peak memory the kernel counts),
  // are not its own to write; it may not undo that (Note [flash_attention memory, as the kernel
  // counts it] in grader/katas/flash_attention/cases.hpp).
  jump(BPF_JMP | BPF_JEQ | BPF_K, unsigned(SYS_prctl), 0, 4);
  stmt(BPF_LD | BPF_W | BPF_ABS, kArgLow(0));
  jump(BPF_JMP | BPF_JEQ | BPF_K, unsigned(PR_SET_DUMPABLE), 0, 1);
  stmt(BPF_RET | BPF_K, trap);
  stmt(BPF_RET | BPF_K, allow);
  jump(BPF_JMP | BPF_JEQ | BPF_K, unsigned(SYS_clone3), 0, 1);
  stmt(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | ENOSYS);
  // Signals: to itself only. kill(pid) for its own pid or 0 (its own process group, which holds
  // only itself); tgkill(tgid, ...) for its own tgid (raise and abort use it); every other way
  // of signalling a process is refused.
  jump(BPF_JMP | BPF_JEQ | BPF_K, unsigned(SYS_kill), 0, 5);
  stmt(BPF_LD | BPF_W | BPF_ABS, kArgLow(0));
  jump(BPF_JMP | BPF_JEQ | BPF_K, unsigned(self), 2, 0);
  jump(BPF_JMP | BPF_JEQ | BPF_K, 0u, 1, 0);
  stmt(BPF_RET | BPF_K, trap);
  stmt(BPF_RET | BPF_K, allow);
  jump(BPF_JMP | BPF_JEQ | BPF_K, unsigned(SYS_tgkill), 0, 4);
  stmt(BPF_LD | BPF_W | BPF_ABS, kArgLow(0));
  jump(BPF_JMP | BPF_JEQ | BPF_K, unsigned(self), 1, 0);
  stmt(BPF_RET | BPF_K, trap);
  stmt(BPF_RET | BPF_K, allow);
  // clone: a thread (CLONE_THREAD) is allowed, a process is not. On x86_64 and aarch64 the flags
  // are the first argument.
  jump(BPF_JMP | BPF_JEQ | BPF_K, unsigned(SYS_clone), 0, 4);
  stmt(BPF_LD | BPF_W | BPF_ABS, kArgLow(0));
  jump(BPF_JMP | BPF_JSET | BPF_K, unsigned(CLONE_THREAD), 0, 1);
  stmt(BPF_RET | BPF_K, allow);
  stmt(BPF_RET | BPF_K, trap);
  stmt(BPF_RET | BPF_K, allow);
  return std::string(reinterpret_cast<const char*>(p.data()), p.size() * sizeof(sock_filter));
}

bool install_check_filter(const std::string& program) {
  if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) return false;
  sock_fprog prog{};
  prog.len = static_cast<unsigned short>(program.size() / sizeof(sock_filter));
  // The kernel copies the program and never writes it.
  prog.filter = reinterpret_cast<sock_filter*>(const_cast<char*>(program.data()));
  return syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, 0, &prog) == 0;
}

std::string blocked_call_description(long syscall_number) {
  for (const Blocked& b : kBlocked)
    if (b.nr == syscall_number) return std::string(b.what) + " (" + b.name + ")";
  if (syscall_number == SYS_clone) return "start a process (clone)";
  if (syscall_number == SYS_ioctl) return "type into the terminal (ioctl TIOCSTI)";
  if (syscall_number == SYS_prctl) return "make its process dumpable again (prctl PR_SET_DUMPABLE)";
  if (syscall_number == SYS_kill) return "signal another process (kill)";
  if (syscall_number == SYS_tgkill) return "signal another process (tgkill)";
  return "";
}

}  // namespace cli
