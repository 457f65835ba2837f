// Detector of dropout_in_eval: weights dropped in evaluation mode (training() never consulted).
// See Note [mha_train detectors] in detect.hpp.
#include "grader/katas/mha_train/detect.hpp"

namespace grader::kata_mha_train {
namespace {

Outcome check_dropout_in_eval(uint64_t seed) {
  return run_train_property(seed, kDetectorCases, [&]() -> std::optional<Failure> {
    const Case c = detector_case(false);
    const Calls r = run_learner(c, kDetectorCalls);
    if (auto stopped = cannot_check(c, r, "dropout_in_eval")) return stopped;
    for (const kt::Tensor& out : r.outs) {
      const Revealed got = reveal(c, out);
      if (!dropout_pattern(got.first, got.expected, 1.0) &&
          !dropout_pattern(got.first, got.expected, 1.0 / (1.0 - c.p)))
        continue;
      return found_pitfall(
          c, out, "dropout_in_eval",
          "in evaluation mode (after eval()) your module still drops attention weights: some "
          "are 0 where attention without dropout is positive. Dropout is a training-time "
          "regulariser; at inference every weight is kept, or predictions become random. Apply "
          "it only when training() is true.");
    }
    return std::nullopt;
  });
}

const Registrar check({"pitfall_dropout_in_eval", "in evaluation mode nothing is dropped",
                       check_dropout_in_eval});

}  // namespace
}  // namespace grader::kata_mha_train
