// Detector of dropout_in_eval: weights dropped in evaluation mode (training() never consulted).
// See Note [mha_train detectors] in detect.hpp.
#include "grader/katas/mha_train/detect.hpp"

namespace grader::kata_mha_train {
namespace {

constexpr const char* kFix =
    " Dropout is a training-time regulariser; at inference every weight is kept, or predictions "
    "become random. Apply it only when training() is true.";

Outcome check_dropout_in_eval(uint64_t seed) {
  return run_train_property(seed, kDetectorCases, [&]() -> std::optional<Failure> {
    const Case c = detector_case(false);
    const Calls r = run_learner(c, kDetectorCalls);
    if (auto stopped = cannot_check(c, r, "dropout_in_eval")) return stopped;
    // Random in eval: a module in eval() is a function of its input, whatever the generator
    // (wherever the dropout sits: on the weights, on the scores or on the output).
    Case reseeded = c;
    reseeded.gen_seed = c.gen_seed + 1;
    const Calls other = run_learner(reseeded, 1);
    if (auto stopped = cannot_check(c, other, "dropout_in_eval")) return stopped;
    for (const kt::Tensor& out : r.outs) {
      if (identical(out, r.outs.front()) && identical(out, other.outs.front())) continue;
      return found_pitfall(c, out, "dropout_in_eval",
                           std::string("in evaluation mode (after eval()) your module's output "
                                       "changes from call to call, and with the generator's "
                                       "seed: something is still drawn at random and applied.") +
                               kFix);
    }
    // Dropped in eval with a draw that repeats (a generator of its own, seeded the same way).
    for (const kt::Tensor& out : r.outs) {
      const Revealed got = reveal(c, out);
      if (!dropout_pattern(got.first, got.expected, 1.0) &&
          !dropout_pattern(got.first, got.expected, 1.0 / (1.0 - c.p)))
        continue;
      return found_pitfall(c, out, "dropout_in_eval",
                           std::string("in evaluation mode (after eval()) your module still "
                                       "drops attention weights: some are 0 where attention "
                                       "without dropout is positive.") +
                               kFix);
    }
    return std::nullopt;
  });
}

const Registrar registered_dropout_in_eval({"pitfall_dropout_in_eval",
                                            "in evaluation mode nothing is dropped",
                                            check_dropout_in_eval});

}  // namespace
}  // namespace grader::kata_mha_train
