// Detector of dropout_mask_shared: one keep/drop mask for several batch entries, heads, queries or
// keys (a (T, T) mask broadcast, or one drawn once and reused), on the weights or, with
// dropout_before_softmax, on the scores. See Note [mha_train detectors] in detect.hpp, Note
// [independent dropout] in independence.cpp and Note [dropout read off the scores] in
// score_dropout.cpp.
#include "grader/katas/mha_train/detect.hpp"

namespace grader::kata_mha_train {
namespace {

Outcome check_dropout_mask_shared(uint64_t seed) {
  return run_train_property(seed, kDetectorCases / 2, [&]() -> std::optional<Failure> {
    const Case c = independence_case();
    const Calls r = run_learner(c, kIndependenceCalls);
    if (auto stopped = cannot_check(c, r, "dropout_mask_shared")) return stopped;
    // A dropout on the scores (dropout_before_softmax) leaves no weight at 0: its decisions are
    // read off the renormalised rows (Note [dropout read off the scores]).
    Independence found = independence_of_scores(c, r.outs);
    const bool on_scores = found.applies;
    if (!on_scores) found = independence(c, r.outs);
    if (!found.applies || found.shared_axes.empty()) return std::nullopt;
    // The name only for a dropout of the weights: numbers dropped elsewhere (the input x) can
    // zero one key's column for every query and head too.
    if (!on_scores && !found.kept_as_dropout) return std::nullopt;
    const std::string what = on_scores ? "scores" : "weights";
    return found_pitfall(
        c, r.outs.front(), "dropout_mask_shared",
        "your dropout mask is shared: on every one of " + std::to_string(kIndependenceCalls) +
            " calls the same " + what + " were dropped " + found.shared_where +
            ", as a mask of shape " + found.shared_shape + " broadcast over the (B, H, T, T) " +
            what + " does" +
            (on_scores ? " (and it drops scores before the softmax, not attention weights: "
                         "dropout_before_softmax)"
                       : "") +
            (found.shared_example.empty()
                 ? ""
                 : " (" + found.shared_example + ": the same keys dropped, 0 where dropped)") +
            ". Dropout decides each weight on its own (nn.Dropout on the weights draws one "
            "number per element); with a shared mask those weights are dropped by one random "
            "event instead of independent ones. Draw the mask with the weights' full shape, "
            "kt::rand(weights.sizes(), gen), or inside the loop if you loop over batch entries "
            "or heads.");
  });
}

const Registrar registered_dropout_mask_shared(
    {"pitfall_dropout_mask_shared",
     "each batch entry, head, query and key has its own dropout draws", check_dropout_mask_shared});

}  // namespace
}  // namespace grader::kata_mha_train
