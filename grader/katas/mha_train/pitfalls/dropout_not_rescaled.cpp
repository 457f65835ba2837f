// Detector of dropout_not_rescaled: the kept weights left as they were, not divided by 1 - p; or,
// with the dropout misplaced on the outputs (a double with dropout_on_output), the kept features
// left as they were; or, misplaced on the scores (a double with dropout_before_softmax), the kept
// scores left as they were. See Note [mha_train detectors] in detect.hpp.
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
    // The dropout on the outputs (the module's, or the heads' before out_proj, whose bias is
    // kOutBias here): each feature 0 or its value without dropout, not that divided by 1 - p.
    const kt::Tensor expected = run_reference(c);
    for (const kt::Tensor& out : r.outs) {
      const kt::Tensor got = out.to(kt::Float64);
      if (!dropout_pattern(got, expected, 1.0) &&
          !dropout_pattern(got - kOutBias, expected - kOutBias, 1.0))
        continue;
      std::ostringstream message;
      message << "your dropout zeroes features of the output but leaves the kept ones as they "
                 "were (and it drops outputs, not attention weights: dropout_on_output). Dropping "
                 "with probability p = "
              << c.p
              << " shrinks every expected value by 1 - p; dividing what is kept by 1 - p "
                 "(inverted dropout) keeps it, so the model sees the same scale in training and "
                 "at inference.";
      return found_pitfall(c, out, "dropout_not_rescaled", message.str());
    }
    // The dropout on the scores, before the softmax (named with dropout_before_softmax), that
    // zeroes a dropped score: every row the softmax of its scores with some set to 0 and the
    // others as they were, a row showing a score set to 0, and not the kept ones divided by 1 - p
    // (Note [dropout read off the scores] in score_dropout.cpp).
    const kt::Tensor scores = scores_without_dropout(c);
    for (const kt::Tensor& out : r.outs) {
      const Revealed got = reveal(c, out);
      if (!close(got.first, got.second, 1e-9, 1e-9) || close(got.first, got.expected)) continue;
      const ScoreDropout unscaled = read_score_dropout(scores, got.first, 1.0);
      if (!unscaled.explained || !unscaled.shows_zeroed ||
          read_score_dropout(scores, got.first, 1.0 / (1.0 - c.p)).explained)
        continue;
      std::ostringstream message;
      message << "your dropout sets dropped scores to 0 but leaves the kept ones as they were, not "
                 "divided by 1 - p = "
              << (1.0 - c.p)
              << " (and it drops scores before the softmax, not attention weights: "
                 "dropout_before_softmax). On the weights, where the dropout belongs, dropping "
                 "with probability p shrinks every row's expected sum to 1 - p; dividing the kept "
                 "weights by 1 - p (inverted dropout) keeps it at 1, so the model sees the same "
                 "scale in training and at inference.";
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
