// Calling the learner's code in the learner's process: the grader's side of the channel.
//
// Note [the learner's process]
// A check's runner (grader/runner/runner_main.cpp, prebuilt per kata) holds the cases, the
// reference, the detectors and the comparison that decides a verdict; the learner's code is not in
// it. The learner's object is linked with kt and the kata's call handlers alone
// (grader/learner/, grader/katas/KATA/call.cpp) into the learner's process, which the runner starts
// on the first call of a check and talks to over two pipes: a request (which call, its inputs) and
// a reply (what the learner's code returned or threw, and what the runner asked to watch: the op
// trace, the allocation figures). So no submission can reach what decides: a call by address, a
// patch of the comparison in memory, a read of the expected values or of the seed finds nothing in
// its own process, and the runner's process is closed to it (not dumpable: its memory, descriptors
// and /proc files are the kernel's to refuse; no ptrace, no signal to another process under the
// system-call filter, which the learner's process is put under, not the runner).
// The learner's process is started from the runner (same process group, killed with it: its CPU
// limit, address-space limit, file and process limits are the check's, inherited), under the
// filter. When it dies, the runner dies the same way (the same signal, the same exit status), so
// ./grade reports a crash, a timeout or a refused call as before, on the case the runner announced.
// What it sends is untrusted input: wire::Reader checks every length; a reply it cannot read ends
// the check with an error. Value checks decide on the outputs alone; the few checks that must
// measure the learner's code (peak memory, op counts) say which figure comes from the learner's own
// report (the op trace, kt's allocation accounting) and measure from outside where the kernel can
// (a call alone in a fresh process: its peak resident memory). docs/security.md has the promises.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include "grader/channel/wire.hpp"

namespace grader::remote {

/// The runner's setting (runner_main.cpp): the learner's program, started on the first call.
void set_learner_program(std::string path);
/// Unit tests only: calls are answered in this process by `answer` (serve::answer), still through
/// the encoding both sides use.
void answer_in_process(std::function<std::string(const std::string&)> answer);

/// Sends the call `name` with its inputs to the learner's process and reads the handler's reply
/// with `read` (every byte of it). When this thread has an OpTrace open, the call is traced there
/// and its events are appended to it (after a learner_code_starts mark, so a journey shows the
/// learner's ops only). When the learner's process dies, the runner dies the same way; when it
/// sends what cannot be read, the check ends with an error (grader::abort_check).
void call(const std::string& name, const wire::Writer& args,
          const std::function<void(wire::Reader&)>& read);

/// The last call this thread made through call(), made again by the returned function the same
/// way (traced when a trace is open then). It returns the error of the Run its reply begins with
/// (every handler's does: serve.hpp), "" when that call returned; the rest is set aside. Empty
/// before any call.
std::function<std::string()> last_call_again();

/// While one is alive, this thread's calls go to a learner's process of their own, started on the
/// first of them and ended with the scope: the calls as the first a process makes (Note [a result
/// that depends on earlier calls] in grader/lib/diagnosis.cpp). Answered in process (unit tests),
/// they are as before.
class FreshLearner {
 public:
  FreshLearner();
  ~FreshLearner();
  FreshLearner(const FreshLearner&) = delete;
  FreshLearner& operator=(const FreshLearner&) = delete;
};

/// The same call in a learner's process of its own, started for it and ended after it. Returns the
/// kernel's count of that process's peak resident memory in bytes (VmHWM: its code and libraries,
/// the inputs, and the most the call had at once), -1 where it cannot be read (answered in
/// process, in unit tests).
int64_t call_alone(const std::string& name, const wire::Writer& args,
                   const std::function<void(wire::Reader&)>& read);

}  // namespace grader::remote
