// Detector of the pitfall softmax_wrong_dim: the softmax normalises over the queries (dim -2)
// instead of over the keys (dim -1). See Note [pitfall detectors] in detect.hpp.
#include "grader/katas/mha_family/detectors.hpp"

namespace grader::mha {
Outcome check_softmax_wrong_dim(uint64_t seed) {
  return run_mha_property(seed, kDetectorCases, [&]() -> std::optional<Failure> {
    // One head and no mask: the head-splitting, merging and masking mistakes vanish, and so does
    // scale_by_d_model. T >= 2, or both axes have one element and agree. d_head >= 2: with
    // d_model = 1 the scores x wq wk xᵀ are symmetric (without bias), and weights transposed
    // before they mix the values would be a softmax over the queries.
    Spec spec = one_head(Masking::NotCausal);
    spec.dk_min = 2;
    const Case c = generate(spec);
    const Run run = run_learner(c);
    if (!shape_ok(c, run)) return cannot_check(c, run, "the softmax axis");
    // scale_by_d_head shows at d_head >= 2: beside it, or alone.
    if (!computes_mistake(c, run.out, {.softmax_over_queries = true}) &&
        !(close(run.out,
                run_mistakes(c, {.scale_by_d_head = true, .softmax_over_queries = true})) &&
          !close(run.out, run_mistakes(c, {.scale_by_d_head = true}))))
      return std::nullopt;
    return found_pitfall(
        c, run, "softmax_wrong_dim",
        "the softmax runs over the query axis (dim -2) of the (B, num_heads, T_query, T_key) "
        "scores. Each query's weights over the keys must sum to 1, so normalise along the last "
        "axis: kt::softmax(scores, -1). Over dim -2 every key's column sums to 1 instead, and each "
        "output mixes the values with weights that do not sum to 1.");
  });
}

constinit const FamilyDetector softmax_wrong_dim_detector{
    "softmax_wrong_dim", "the softmax normalises over the keys (dim -1)", check_softmax_wrong_dim};

}  // namespace grader::mha
