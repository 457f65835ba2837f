// Detector of dropout_not_rescaled: the kept weights left as they were, not divided by 1 - p.
// See Note [mha_train detectors] in detect.hpp.
#include <sstream>

#include "grader/katas/mha_train/detect.hpp"

namespace grader::kata_mha_train {
namespace {

Outcome check_dropout_not_rescaled(uint64_t seed) {
  return run_train_property(seed, kDetectorCases, [&]() -> std::optional<Failure> {
    const Case c = detector_case(true);
    const Calls r = run_learner(c, kDetectorCalls);
    if (auto stopped = cannot_check(c, r, "dropout_not_rescaled")) return stopped;
    for (const kt::Tensor& out : r.outs) {
      const Revealed got = reveal(c, out);
      if (!dropout_pattern(got.first, got.expected, 1.0)) continue;
      std::ostringstream message;
      message << "your dropout zeroes weights but leaves the kept ones as they were. Dropping "
                 "with probability p = "
              << c.p << " shrinks every row's expected sum to 1 - p = " << (1.0 - c.p)
              << "; dividing the kept weights by 1 - p (inverted dropout) keeps it at 1, so the "
                 "model sees the same scale in training and at inference.";
      return found_pitfall(c, out, "dropout_not_rescaled", message.str());
    }
    return std::nullopt;
  });
}

const Registrar registered_dropout_not_rescaled({"pitfall_dropout_not_rescaled",
                                                 "the kept weights are divided by 1 - p",
                                                 check_dropout_not_rescaled});

}  // namespace
}  // namespace grader::kata_mha_train
