// Random cases for the flash_attention kata's checks, the call into the learner's
// kata::flash_attention (plain, traced, or with the runtime's allocations counted), and the
// comparison of its output with the reference.
#pragma once

#include "grader/lib/kata.hpp"

#include "kt/instrument.hpp"

namespace grader::kata_flash_attention {

/// How a case's block_size relates to T.
enum class BlockKind {
  Any,            // one of the four below, at random
  Divides,        // a divisor of T (1 and T included)
  DoesNotDivide,  // in [2, T - 1], not a divisor: the last block is shorter (T >= 3)
  One,            // 1: one key per block
  WholeOrMore,    // T to T + 3: one block holds every key
  Smaller,        // in [2, T / 2]: at least two blocks of two keys or more (T >= 4): detectors
};

/// Ranges a check draws its cases from. The defaults are the general checks' ranges.
struct Spec {
  int64_t t_min = 1, t_max = 12, d_max = 6;
  int leading_rank_max = 2;
  std::optional<bool> causal;  // unset: at random
  BlockKind block = BlockKind::Any;
  int64_t block_min = 2;  // BlockKind::Smaller: block_min <= block_size <= T / 2, T >= 2 block_min
  double scale = 1.0;     // q and k are drawn N(0, scale²): large scale, large scores
};

struct Case {
  kt::Tensor q, k, v;
  bool causal = false;
  int64_t block = 1;
  [[nodiscard]] int64_t T() const { return q.size(-2); }
  [[nodiscard]] int64_t d() const { return q.size(-1); }
  [[nodiscard]] int64_t dv() const { return v.size(-1); }
  /// (…, T, d_v).
  [[nodiscard]] kt::Shape out_shape() const;
  /// The call, as the learner would write it.
  [[nodiscard]] std::string call() const;
  /// The inputs as a learner should see them with a failure.
  [[nodiscard]] std::vector<std::pair<std::string, std::string>> describe() const;
  /// The same case in another dtype (the values rounded to it).
  [[nodiscard]] Case to(kt::Dtype dtype) const;
};

/// Draws a case inside a RapidCheck property (T, d, d_v and block_size named, so shrinking shows
/// them).
Case generate(const Spec& spec = {});
/// A block size of the given kind for T (drawn inside a property); BlockKind::Smaller draws it
/// from block_min to max(T / 2, block_min).
int64_t draw_block(int64_t T, BlockKind kind, int64_t block_min = 2);
/// A case of fixed sizes, its values from seed (for the memory and op-count checks).
Case fixed_case(int64_t T, int64_t d, int64_t block, bool causal, uint64_t seed);

/// grader::run_property, minus the RapidCheck values the case's own fields show.
Outcome run_flash_property(uint64_t seed, int cases,
                           const std::function<std::optional<Failure>()>& body);

/// Calls the learner's code on copies of the case's tensors (grader::Run: its output, or what it
/// threw, named).
Run run_learner(const Case& c);

/// A call watched: the runtime's allocations during it, and (when traced) its public ops.
struct Watched {
  Run run;
  int64_t peak_bytes = 0;  // the most bytes of kt storage alive at once during the call
  /// The largest block the global operator new gave out during the call (a std::vector's buffer,
  /// say; Note [heap watch] in call_heap_watch.hpp). Not measured in a traced call (the trace's own
  /// buffers would count): 0.
  int64_t largest_heap_block = 0;
  std::vector<kt::TraceEvent> events;
};
/// run_learner with the runtime's allocation accounting on (inputs made before it starts, so only
/// what the learner's code allocates counts, its result included), and an op trace if asked (else
/// the heap watch). Every figure is the learner's process's own report (call.cpp).
Watched run_watched(const Case& c, bool trace);
/// The case's call alone in a learner's process of its own: the kernel's count of that process's
/// peak resident memory in bytes (remote::call_alone), -1 when it cannot be read or the call did
/// not return a tensor.
int64_t peak_resident_alone(const Case& c);

/// Note [flash_attention memory, as the kernel counts it]
/// kt's allocation accounting, the heap watch and the op trace are the learner's process's own
/// report (call.cpp): code that computes outside kt's ops (raw loops over a malloc'd (T x T)
/// array) is seen by none of them, and code in that process can change what they say. The kernel's
/// count of a process's memory is another matter: the runner starts a learner's process of its own
/// for one call (remote::call_alone) and reads its peak resident memory (VmHWM) from /proc while
/// it waits for a next request. The learner's process cannot lower it: it may open nothing under
/// /proc for writing (Landlock: /proc/self/clear_refs resets the peak), it is not dumpable (its
/// program is execute-only: the same file is not its to write where the grader is not root), and
/// the filter refuses prctl(PR_SET_DUMPABLE) (Note [what a check may do]). Two calls, each alone:
/// T = 64 (the baseline: the program, kt, the inputs) and T = 1024 (d = 4, block_size = 16,
/// is_causal: half the block pairs, Float64). A (T x T) Float64 matrix at T = 1024 is 8 MiB (4 MiB
/// in Float32); a blocked pass holds little more than the baseline (q, k, v, the output and their
/// copies on the channel: 128 KiB; one block's (16 x 16) scores, or (1024 x 16) with all queries
/// against a key block: 128 KiB each): the worked solution and the accepted variants measured
/// 272 KiB to 1.4 MiB more (all queries against a key block the most; at block_size 32 it took
/// 2.4 MiB, which is why the block is small). The checks allow kKernelSlackBytes = 3 MiB. T is no
/// larger for the time a correct file takes at -O0 (the self-test's 5x margin on its 1 s limit).
/// Where /proc cannot be read the check says so and stops (remote::call_alone); in unit tests,
/// answered in process, none is measured.
/// Under AddressSanitizer the learner's process has redzones, shadow memory and size classes that
/// keep freed blocks apart (and no quarantine: learner_main.cpp): a blocked pass measured 3.6 MiB
/// at T = 1024, so the sanitized build measures at T = 2048, block_size = 32 (a (T x T) matrix is
/// 32 MiB, 36 MiB measured; a correct file took 4.1 MiB at most) and allows 16 MiB.
#if defined(KT_SANITIZED)
inline constexpr int64_t kKernelT = 2048, kKernelBlock = 32, kKernelSlackBytes = 16ll << 20;
#else
inline constexpr int64_t kKernelT = 1024, kKernelBlock = 16, kKernelSlackBytes = 3ll << 20;
#endif
inline constexpr int64_t kKernelD = 4;
struct KernelPeaks {
  int64_t baseline = 0, large = 0;  // VmHWM in bytes at T = 64 and at T = kKernelT
};
/// Both calls, each in a learner's process of its own; empty when either did not return a tensor
/// or /proc could not be read.
std::optional<KernelPeaks> kernel_peaks(uint64_t seed);
/// "The kernel counted 66 MiB at the peak of your call at T = 2048 ..., " + what + the advice.
std::string kernel_message(const KernelPeaks& p, const std::string& what);

/// ref::flash_attention of the case (Float64).
kt::Tensor run_reference(const Case& c);

/// The output has the case's out_shape and q's dtype.
bool shape_ok(const Case& c, const Run& run);

/// The failure for a case, with the query row where got differs most from expected.
Failure failure(const Case& c, const kt::Tensor& got, const kt::Tensor& expected,
                std::string message);
/// The failure for a call that threw or returned the wrong shape or dtype (not_implemented when it
/// threw kt::NotImplemented).
Failure failure_from_run(const Case& c, const Run& run);

/// The number of elements of a tensor of these sizes (a traced op's result, say).
int64_t elements(const kt::Shape& sizes);

/// "2.0 MiB", "512 KiB", "300 B".
std::string bytes_text(int64_t bytes);

}  // namespace grader::kata_flash_attention
