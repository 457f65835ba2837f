// Detector of mask_grad_leak: the backward pass uses weights computed without the causal mask, so
// gradient flows to keys and values that no query could see. See Note [attention_backward
// detectors] in detect.hpp.
#include "grader/katas/attention_backward/detect.hpp"

namespace grader::kata_attention_backward {
namespace {

Outcome check_mask_grad_leak(uint64_t seed) {
  return run_backward_property(seed, kDetectorCases, [&]() -> std::optional<Failure> {
    const Case c = detector_case(/*causal=*/true);
    const Called called = run_learner(c);
    if (auto stopped = cannot_check(c, called, "mask_grad_leak")) return stopped;
    const auto on = [](const Mistakes& m) { return m.leak != Leak::None; };
    const auto off = [](Mistakes m) {
      m.leak = Leak::None;
      return m;
    };
    if (!needs_switch(c, called.grads, 2, on, off) && !needs_switch(c, called.grads, 1, on, off)) {
      return std::nullopt;
    }
    return found_pitfall(
        c, called, "mask_grad_leak",
        "with is_causal, your backward pass uses attention weights computed without the mask: "
        "key j and value j get gradient from queries i < j, which never saw them (the forward's "
        "weight there is exactly 0). Apply the same causal mask before the softmax when you "
        "recompute P in the backward pass; masked entries then get P = 0 and pass no gradient "
        "to dv, dS, dq or dk.");
  });
}

const Registrar registered_mask_grad_leak(
    {"pitfall_mask_grad_leak", "with is_causal, no gradient flows through masked positions",
     check_mask_grad_leak});

}  // namespace
}  // namespace grader::kata_attention_backward
