// Detector of grad_missing_scale: the 1/√d of the forward's scores left out of dq, of dk, or of
// both. See Note [attention_backward detectors] in detect.hpp.
#include <cmath>
#include <sstream>

#include "grader/katas/attention_backward/detect.hpp"

namespace grader::kata_attention_backward {
namespace {

Outcome check_grad_missing_scale(uint64_t seed) {
  return run_backward_property(seed, kDetectorCases, [&]() -> std::optional<Failure> {
    const Case c = detector_case(/*causal=*/false);  // d >= 2: the scale is not 1
    const Called called = run_learner(c);
    if (auto stopped = cannot_check(c, called, "grad_missing_scale")) return stopped;
    const auto off = [](Mistakes m) {
      m.scale = Scale::Right;
      return m;
    };
    const bool dq =
        needs_switch(
            c, called.grads, 0, [](const Mistakes& m) { return m.scale == Scale::DqMissing; }, off)
            .has_value();
    const bool dk =
        needs_switch(
            c, called.grads, 1, [](const Mistakes& m) { return m.scale == Scale::DkMissing; }, off)
            .has_value();
    if (!dq && !dk) return std::nullopt;
    const std::string which = dq && dk ? "dq and dk are" : dq ? "dq is" : "dk is";
    std::ostringstream root;
    root.precision(4);
    root << std::sqrt(double(c.d()));
    return found_pitfall(
        c, called, "grad_missing_scale",
        "your " + which + " √d = " + root.str() + " times too large (d = " + std::to_string(c.d()) +
            "): the forward's scores are S = q kᵀ / √d, so the chain rule carries "
            "the 1/√d into both dq = dS k / √d and dk = dSᵀ q / √d (dv does not see it). Multiply "
            "by the same scale as the forward.");
  });
}

const Registrar registered_grad_missing_scale({"pitfall_grad_missing_scale",
                                               "dq and dk carry the forward's 1/√d",
                                               check_grad_missing_scale});

}  // namespace
}  // namespace grader::kata_attention_backward
