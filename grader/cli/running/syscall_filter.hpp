// The system calls a check may not make, as a seccomp filter: the part of the sandbox that holds
// with or without bubblewrap. See Note [what a check may do] in syscall_filter.cpp.
#pragma once

#include <sys/types.h>

#include <string>
#include <vector>

namespace cli {

/// The filter as the kernel's classic BPF program (struct sock_filter, 8 bytes an instruction) for
/// the process whose pid is `self` (the only one it may signal).
std::string check_filter_program(pid_t self);

/// Installs the filter on the calling process (no_new_privs first, as an unprivileged process
/// must). Returns false, with errno set, when the kernel refuses.
bool install_check_filter(const std::string& program);

/// What a blocked system call tried to do, for a report: "start a process (clone)". Empty for a
/// call the filter allows.
std::string blocked_call_description(long syscall_number);

}  // namespace cli
