// The learner's process: the learner's object, kt, and the kata's call handlers (serve.hpp), and
// nothing the verdict depends on (Note [the learner's process] in grader/lib/remote.hpp). The
// grader's process starts it with requests on fd 3 and replies on fd 4, one frame each (wire.hpp),
// and ends it by closing fd 3.
#include <signal.h>
#include <unistd.h>

#include <cstring>

#include "grader/learner/serve.hpp"

namespace {

constexpr int kRequests = 3, kReplies = 4;

/// SIGSYS: the system-call filter refused a call (Note [what a check may do] in
/// grader/cli/running/syscall_filter.cpp). Says which one on the reply channel, then dies of the
/// signal.
void on_blocked_call(int, siginfo_t* info, void*) {
  unsigned char frame[24];
  const uint64_t length = 16, tag = grader::wire::kBlockedCall;
  const uint64_t nr = info != nullptr && info->si_syscall >= 0 ? uint64_t(info->si_syscall) : 0;
  std::memcpy(frame, &length, 8);
  std::memcpy(frame + 8, &tag, 8);
  std::memcpy(frame + 16, &nr, 8);
  (void)!write(kReplies, frame, sizeof frame);
  signal(SIGSYS, SIG_DFL);
  raise(SIGSYS);
}

}  // namespace

#if defined(KT_SANITIZED)
// As in the check runner: the 2 GiB budget enforced by ASan itself (no address-space limit is
// possible under it); leaks in learner code are not the grader's business. And no quarantine: freed
// memory is reused at once, so the process's resident memory is what its code holds, as the kernel
// counts it for flash_attention's memory checks (Note [flash_attention memory, as the kernel counts
// it]); kept freed, every block a blocked pass ever allocated would count. (A use after free in the
// learner's code is then found only when the memory was not reused yet; the grader's side keeps
// its quarantine.) And no symbols in a sanitizer's report: clang's runtime names frames by
// starting llvm-symbolizer or addr2line, a process the system-call filter refuses, so a learner's
// crash read as "tried to start a process" (GCC's runtime reads the symbols in process).
extern "C" const char* __asan_default_options();
extern "C" const char* __asan_default_options() {
  return "soft_rss_limit_mb=2048:allocator_may_return_null=1:detect_leaks=0:quarantine_size_mb=0:"
         "thread_local_quarantine_size_kb=0:symbolize=0";
}
extern "C" const char* __ubsan_default_options();
extern "C" const char* __ubsan_default_options() { return "symbolize=0"; }
#endif

int main() {
  struct sigaction blocked {};
  blocked.sa_sigaction = on_blocked_call;
  blocked.sa_flags = SA_SIGINFO;
  sigaction(SIGSYS, &blocked, nullptr);
  std::string request;
  try {
    while (grader::wire::read_frame(kRequests, request)) {
      if (!grader::wire::write_frame(kReplies, grader::serve::answer(request))) return 0;
    }
  } catch (const grader::wire::Malformed&) {
    return 3;  // the grader's process sent something this side cannot read: a grader bug
  }
  return 0;
}
