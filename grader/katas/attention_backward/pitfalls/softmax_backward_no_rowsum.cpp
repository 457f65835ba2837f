// Detector of softmax_backward_no_rowsum: the softmax's backward taken as dS = P ∘ dP, without
// subtracting each row's sum rowsum(P ∘ dP). See Note [attention_backward detectors] in detect.hpp.
#include "grader/katas/attention_backward/detect.hpp"

namespace grader::kata_attention_backward {
namespace {

Outcome check_softmax_backward_no_rowsum(uint64_t seed) {
  return run_backward_property(seed, kDetectorCases, [&]() -> std::optional<Failure> {
    const Case c = detector_case(/*causal=*/false);
    const Called called = run_learner(c);
    if (auto stopped = cannot_check(c, called, "softmax_backward_no_rowsum")) return stopped;
    const auto on = [](const Mistakes& m) { return m.no_rowsum; };
    const auto off = [](Mistakes m) {
      m.no_rowsum = false;
      return m;
    };
    if (!needs_switch(c, called.grads, 0, on, off) && !needs_switch(c, called.grads, 1, on, off)) {
      return std::nullopt;
    }
    return found_pitfall(
        c, called, "softmax_backward_no_rowsum",
        "your dq and dk are what dS = P ∘ dP gives: the softmax's backward without its second "
        "term. Every weight of a row depends on every score of the row (they share the "
        "denominator), so the Jacobian is diag(p) − p pᵀ and the scores' gradient is "
        "dS = P ∘ (dP − rowsum(P ∘ dP)), the row sum taken over the keys (keepdim, so it "
        "broadcasts). Without it the gradients of a row do not sum to 0, as they must: adding a "
        "constant to a row of scores changes nothing.");
  });
}

const Registrar registered_softmax_backward_no_rowsum(
    {"pitfall_softmax_backward_no_rowsum",
     "the softmax's backward subtracts the row sum rowsum(P ∘ dP)",
     check_softmax_backward_no_rowsum});

}  // namespace
}  // namespace grader::kata_attention_backward
