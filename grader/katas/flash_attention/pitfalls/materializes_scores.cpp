// Detector of materializes_scores: a (T x T) tensor built during the call (the scores, the
// weights, or a full mask), seen by the op trace or by the runtime's allocation accounting, or, for
// what those do not see, by the kernel's count of the memory of a process that made only that call.
// See Note [flash_attention detectors] in detect.hpp.
#include <sstream>

#include "grader/katas/flash_attention/detect.hpp"

namespace grader::kata_flash_attention {
namespace {

constexpr int64_t kT = 256, kD = 8, kBlock = 16;

Outcome check_materializes_scores(uint64_t seed) {
  Outcome outcome;
  for (const bool causal : {false, true}) {  // a full causal mask is built only with is_causal
    ++outcome.cases_run;
    const Case c = fixed_case(kT, kD, kBlock, causal, seed);
    const Watched w = run_watched(c, false);  // memory: kt's accounting and the heap watch
    if (auto stopped = cannot_check(c, w.run, "materializes_scores")) {
      outcome.failure = *stopped;
      return outcome;
    }
    const Watched traced = run_watched(c, true);  // the ops' result shapes
    const kt::TraceEvent* square = nullptr;
    for (const kt::TraceEvent& e : traced.events) {
      if (!e.threw && elements(e.output.sizes) >= kT * kT) {
        square = &e;
        break;
      }
    }
    // A (T x T) block of the smallest element type (bytes, bools) is T x T bytes.
    const bool heap_square = w.largest_heap_block >= kT * kT;
    if (square == nullptr && w.peak_bytes < kT * kT * 8 && !heap_square) continue;
    std::ostringstream m;
    if (square != nullptr) {
      m << "your call built a tensor of shape " << kt::shape_str(square->output.sizes)
        << " (kt::" << square->op << "), T x T = " << kT << " x " << kT << " elements or more, ";
    } else if (heap_square) {
      m << "your call allocated a block of " << bytes_text(w.largest_heap_block)
        << " on the heap (a std::vector, say), as large as " << kT << " x " << kT
        << " elements or more, ";
    } else {
      m << "your call had " << bytes_text(w.peak_bytes)
        << " of tensors alive at once, as much as a " << kT << " x " << kT
        << " Float64 matrix (the scores kept in pieces? every block alive until a second pass), ";
    }
    m << "with T = " << kT << ", d = " << kD << " and block_size = " << kBlock
      << (causal ? ", is_causal" : "")
      << ". Flash attention never holds the (T x T) scores, weights or mask: at T = 32768 that is "
         "4 GiB per head in Float32. Compute one block of scores (and of mask) at a time, and keep "
         "only per-query running statistics between blocks.";
    Failure f;
    f.message = m.str();
    f.counterexample = c.describe();
    f.pitfall = "materializes_scores";
    outcome.failure = f;
    return outcome;
  }
  // Seen by none of the learner's process's own instruments: the kernel's count (Note
  // [flash_attention memory, as the kernel counts it] in cases.hpp).
  const std::optional<KernelPeaks> kernel = kernel_peaks(seed);
  outcome.cases_run += 2;
  if (kernel && kernel->large - kernel->baseline > kKernelSlackBytes) {
    Failure f;
    f.message = kernel_message(*kernel, "your call held (T x T) scores, weights or a mask");
    f.counterexample = fixed_case(kKernelT, kKernelD, kKernelBlock, true, seed).describe();
    f.pitfall = "materializes_scores";
    outcome.failure = f;
    return outcome;
  }
  outcome.passed = true;
  return outcome;
}

const Registrar registered_materializes_scores({"pitfall_materializes_scores",
                                                "no (T x T) tensor is ever built",
                                                check_materializes_scores});

}  // namespace
}  // namespace grader::kata_flash_attention
