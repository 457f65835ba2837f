// Detector of the pitfall scale_by_d_model: scores divided by sqrt(d_model) instead of
// sqrt(d_head). See Note [pitfall detectors] in detect.hpp.
#include "grader/lib/mha/detectors.hpp"

namespace grader::mha {
Outcome check_scale_by_d_model(uint64_t seed) {
  return run_mha_property(seed, kDetectorCases, [&]() -> std::optional<Failure> {
    const Case c = generate(several_heads(Masking::NotCausal));
    // With d_head = num_heads, sqrt(d_model) = d_head: dividing by d_head (scale_by_d_head) would
    // look the same. Such a case cannot tell them apart; the others (and the shrinker) can.
    if (c.dk == c.H) return std::nullopt;
    const Run run = run_learner(c);
    if (!shape_ok(c, run)) return cannot_check(c, run, "the score scale");
    // Dividing by sqrt(d_model) is dividing by sqrt(d_head) on query weights shrunk by
    // sqrt(num_heads).
    if (!computes_mistake_under_any_split(c, run.out, {.scale_by_d_model = true})) {
      return std::nullopt;
    }
    return found_pitfall(
        c, run, "scale_by_d_model",
        "the scores are divided by sqrt(d_model) = sqrt(" + std::to_string(c.D()) +
            ") instead of sqrt(d_head) = sqrt(" + std::to_string(c.dk) +
            "). Each head's dot product sums d_head terms, so its spread grows like "
            "sqrt(d_head): that is what to divide by. sqrt(d_model) over-shrinks the scores "
            "by sqrt(num_heads) and flattens attention towards uniform.");
  });
}

}  // namespace grader::mha
