// Detector of dropout_before_softmax: the scores dropped, then the softmax renormalises.
// See Note [mha_train detectors] in detect.hpp.
#include <cmath>

#include "grader/katas/mha_train/detect.hpp"

namespace grader::kata_mha_train {
namespace {

/// Every row of w sums to 1 (within 1e-9).
bool rows_sum_to_one(const kt::Tensor& w) {
  const kt::Tensor sums = kt::sum(w, -1);
  return kt::allclose(sums, kt::ones_like(sums), 0.0, 1e-9);
}

Outcome check_dropout_before_softmax(uint64_t seed) {
  return run_train_property(seed, kDetectorCases, [&]() -> std::optional<Failure> {
    const Case c = detector_case(true);
    const Calls r = run_learner(c, kDetectorCalls);
    if (auto stopped = cannot_check(c, r, "dropout_before_softmax")) return stopped;
    for (const kt::Tensor& out : r.outs) {
      const Revealed got = reveal(c, out);
      if (!close(got.first, got.second, 1e-9, 1e-9)) continue;  // dropped after the values
      if (!rows_sum_to_one(got.first) || close(got.first, got.expected)) continue;
      // A dropout of x, q or k sums to 1 too (Note [a dropout before the softmax, and nothing
      // else] in score_dropout.cpp).
      if (!explained_by_score_dropout(c, got.first)) continue;
      return found_pitfall(
          c, out, "dropout_before_softmax",
          "your weights differ from attention without dropout, yet every row still sums to 1: "
          "the dropout ran before the softmax (on the scores), and the softmax renormalised what "
          "was left (rows divided by their sum after the dropout come out the same). Dropout "
          "belongs after the softmax, on the weights: a dropped weight is 0, the kept ones are "
          "divided by 1 - p, and a row sums to 1 only on average, never renormalised.");
    }
    return std::nullopt;
  });
}

const Registrar registered_dropout_before_softmax({"pitfall_dropout_before_softmax",
                                                   "dropout acts on the weights after the softmax",
                                                   check_dropout_before_softmax});

}  // namespace
}  // namespace grader::kata_mha_train
