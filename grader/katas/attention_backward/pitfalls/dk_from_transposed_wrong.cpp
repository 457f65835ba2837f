// Detector of dk_from_transposed_wrong: dk computed as dS q instead of dSᵀ q (the (T x T) score
// gradient used the wrong way round). See Note [attention_backward detectors] in detect.hpp.
#include "grader/katas/attention_backward/detect.hpp"

namespace grader::kata_attention_backward {
namespace {

Outcome check_dk_from_transposed_wrong(uint64_t seed) {
  return run_backward_property(seed, kDetectorCases, [&]() -> std::optional<Failure> {
    const Case c = detector_case(/*causal=*/false);
    const Called called = run_learner(c);
    if (auto stopped = cannot_check(c, called, "dk_from_transposed_wrong")) return stopped;
    const auto found = needs_switch(
        c, called.grads, 1, [](const Mistakes& m) { return m.dk_transposed; },
        [](Mistakes m) {
          m.dk_transposed = false;
          return m;
        });
    if (!found) return std::nullopt;
    return found_pitfall(
        c, called, "dk_from_transposed_wrong",
        "your dk is dS q / √d: the score gradient dS is (queries × keys), and row j of dk "
        "belongs to key j, which is column j of dS. S = q kᵀ / √d gives dk = dSᵀ q / √d, "
        "dS transposed (dq = dS k / √d is the one without). The shapes agree either way, since "
        "T_q = T_k: only the values tell.");
  });
}

const Registrar registered_dk_from_transposed_wrong({"pitfall_dk_from_transposed_wrong",
                                                     "dk is dSᵀ q / √d, not dS q / √d",
                                                     check_dk_from_transposed_wrong});

}  // namespace
}  // namespace grader::kata_attention_backward
