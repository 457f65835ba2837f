// Detector of causal_block_leak: causality applied per block only (future blocks skipped or masked)
// while the diagonal block is not masked inside, so a query sees the later keys of its own block.
// See Note [flash_attention detectors] in detect.hpp.
#include "grader/katas/flash_attention/detect.hpp"

namespace grader::kata_flash_attention {
namespace {

Outcome check_causal_block_leak(uint64_t seed) {
  return run_flash_property(seed, kDetectorCases, [&]() -> std::optional<Failure> {
    // Blocks of 3 keys or more: in a block of 2, seeing every later key of the block is seeing
    // the next key only, which a mask off by one (j <= i + 1) does too.
    const Case c = detector_case(/*causal=*/true, /*block_min=*/3);
    const Run run = run_learner(c);
    if (auto stopped = cannot_check(c, run, "causal_block_leak")) return stopped;
    const auto found = needs_switch(
        c, run.out, [](const Mistakes& m) { return m.block_leak; },
        [](Mistakes m) {
          m.block_leak = false;
          return m;
        });
    if (!found) return std::nullopt;
    return found_pitfall(
        c, run.out, "causal_block_leak",
        "with is_causal, each query of your output attends every key of its own block, including "
        "the keys after it: the blocks in the future are left out, but the block on the diagonal "
        "is not masked inside. In a diagonal block, hide key j from query i when j > i (global "
        "positions: key k0 + c against query q0 + r) before the block's maximum and "
        "exponentials.");
  });
}

const Registrar registered_causal_block_leak({"pitfall_causal_block_leak",
                                              "with is_causal, the diagonal block is masked inside",
                                              check_causal_block_leak});

}  // namespace
}  // namespace grader::kata_flash_attention
