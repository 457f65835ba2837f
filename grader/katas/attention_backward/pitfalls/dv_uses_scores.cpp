// Detector of dv_uses_scores: dv computed from the scores S (before the softmax) instead of the
// weights P. See Note [attention_backward detectors] in detect.hpp.
#include "grader/katas/attention_backward/detect.hpp"

namespace grader::kata_attention_backward {
namespace {

Outcome check_dv_uses_scores(uint64_t seed) {
  return run_backward_property(seed, kDetectorCases, [&]() -> std::optional<Failure> {
    const Case c = detector_case(/*causal=*/false);
    const Called called = run_learner(c);
    if (auto stopped = cannot_check(c, called, "dv_uses_scores")) return stopped;
    const auto found = needs_switch(
        c, called.grads, 2, [](const Mistakes& m) { return m.dv != DvFrom::Weights; },
        [](Mistakes m) {
          m.dv = DvFrom::Weights;
          return m;
        });
    if (!found) return std::nullopt;
    return found_pitfall(
        c, called, "dv_uses_scores",
        std::string("your dv is Sᵀ dout with S the ") +
            (found->dv == DvFrom::Scores ? "scores q kᵀ / √d" : "raw scores q kᵀ") +
            ", before the softmax. The values are multiplied by the weights P = softmax(S) in the "
            "forward pass (out = P v), so dv = Pᵀ dout: recompute (or keep) P, not S.");
  });
}

const Registrar registered_dv_uses_scores({"pitfall_dv_uses_scores",
                                           "dv is Pᵀ dout, from the softmax's weights",
                                           check_dv_uses_scores});

}  // namespace
}  // namespace grader::kata_attention_backward
