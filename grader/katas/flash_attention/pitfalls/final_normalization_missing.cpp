// Detector of final_normalization_missing: the accumulator returned as it is, never divided by the
// running sum of exponentials. See Note [flash_attention detectors] in detect.hpp.
#include "grader/katas/flash_attention/detect.hpp"

namespace grader::kata_flash_attention {
namespace {

Outcome check_final_normalization_missing(uint64_t seed) {
  return run_flash_property(seed, kDetectorCases, [&]() -> std::optional<Failure> {
    const Case c = detector_case(/*causal=*/false);
    const Run run = run_learner(c);
    if (auto stopped = cannot_check(c, run, "final_normalization_missing")) return stopped;
    const auto found = needs_switch(
        c, run.out, [](const Mistakes& m) { return m.normalization_missing; },
        [](Mistakes m) {
          m.normalization_missing = false;
          return m;
        });
    if (!found) return std::nullopt;
    return found_pitfall(
        c, run.out, "final_normalization_missing",
        "your output is the accumulator, sum of exp(s - m) v over the keys, never divided by the "
        "running sum l = sum of exp(s - m): the softmax's denominator is missing, so a row's "
        "weights do not add up to 1. After the last block, return acc / l (one division per "
        "query, at the end, is all the normalisation the online softmax needs).");
  });
}

const Registrar registered_final_normalization_missing(
    {"pitfall_final_normalization_missing",
     "the accumulator is divided by the running sum at the end",
     check_final_normalization_missing});

}  // namespace
}  // namespace grader::kata_flash_attention
