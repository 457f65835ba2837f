// Detector of the pitfall softmax_wrong_dim: the softmax normalises along another axis of the
// scores than the keys'. See Note [sdpa detectors] in detect.hpp.
#include "grader/katas/sdpa/detect.hpp"

namespace grader::kata_sdpa {
namespace {

Outcome check_softmax_wrong_dim(uint64_t seed) {
  return run_sdpa_property(seed, kDetectorCases, [&]() -> std::optional<Failure> {
    Spec spec = unmasked_distinct_scales();
    spec.leading_rank_min = 1;  // 3-D and 4-D: where a hard-coded dim 2 or 1 runs
    const Case c = generate(spec);
    const Run run = run_learner(c);
    if (auto stopped = cannot_check(c, run, "softmax_wrong_dim")) return stopped;
    if (matches(c, run.out)) return std::nullopt;
    const auto axis = shows_softmax_axis(c, run.out);
    if (!axis) return std::nullopt;
    const auto rank = int64_t(c.out_shape().size());
    const std::string which = *axis == rank - 2
                                  ? "the queries' axis (" + std::to_string(*axis) + ", or -2)"
                                  : "leading axis " + std::to_string(*axis) + " (a batch axis)";
    return found_pitfall(c, run.out, "softmax_wrong_dim",
                         "the softmax normalises the scores (…, T_q, T_k) along " + which +
                             ", not along the keys. Each query's weights over the keys must sum "
                             "to 1: the softmax runs along the last axis, kt::softmax(scores, "
                             "-1), which stays right whatever the number of leading axes (a "
                             "fixed positive dim such as 2 is the keys only for 3-D inputs).");
  });
}

const Registrar registered_softmax_wrong_dim(
    {"pitfall_softmax_wrong_dim", "the softmax runs along the keys (the last axis of the scores)",
     check_softmax_wrong_dim});

}  // namespace
}  // namespace grader::kata_sdpa
