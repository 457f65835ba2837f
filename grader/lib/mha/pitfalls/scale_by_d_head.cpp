// Detector of the pitfall scale_by_d_head: scores divided by d_head instead of sqrt(d_head).
// See Note [pitfall detectors] in detect.hpp.
#include "grader/lib/mha/detectors.hpp"

namespace grader::mha {
Outcome check_scale_by_d_head(uint64_t seed) {
  return run_mha_property(seed, kDetectorCases, [&]() -> std::optional<Failure> {
    // d_head >= 2 (d_head = 1 is its own square root), and d_head != num_heads, where d_head =
    // sqrt(d_model) and the mistake would look like scale_by_d_model.
    Spec spec = several_heads(Masking::NotCausal);
    spec.dk_min = 2;
    const Case c = generate(spec);
    if (c.dk == c.H) return std::nullopt;
    const Run run = run_learner(c);
    if (!shape_ok(c, run)) return cannot_check(c, run, "the score scale");
    if (!computes_mistake_under_any_split(c, run.out, {.scale_by_d_head = true})) {
      return std::nullopt;
    }
    return found_pitfall(
        c, run, "scale_by_d_head",
        "the scores are divided by d_head = " + std::to_string(c.dk) +
            " instead of sqrt(d_head) = sqrt(" + std::to_string(c.dk) +
            "). A dot product of d_head terms of unit spread has spread sqrt(d_head), so "
            "dividing by sqrt(d_head) brings the scores back to unit spread; dividing by d_head "
            "shrinks them by a further sqrt(d_head) and flattens attention towards uniform. "
            "Use std::sqrt(double(d_head)).");
  });
}

}  // namespace grader::mha
