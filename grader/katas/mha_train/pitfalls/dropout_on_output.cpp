// Detector of dropout_on_output: dropout applied after the weights met the values (on the heads'
// outputs or on the module's output). See Note [mha_train detectors] in detect.hpp.
#include "grader/katas/mha_train/detect.hpp"

namespace grader::kata_mha_train {
namespace {

Outcome check_dropout_on_output(uint64_t seed) {
  return run_train_property(seed, kDetectorCases, [&]() -> std::optional<Failure> {
    const Case c = detector_case(true);
    const Calls r = run_learner(c, kDetectorCalls);
    if (auto stopped = cannot_check(c, r, "dropout_on_output")) return stopped;
    for (const kt::Tensor& out : r.outs) {
      const Revealed got = reveal(c, out);
      if (close(got.first, got.second, 1e-9, 1e-9)) continue;
      return found_pitfall(
          c, out, "dropout_on_output",
          "your output's features were dropped one by one: in this case every value vector "
          "carries the same numbers twice (v_j = (e_j, e_j)), so dropping attention weights "
          "changes both copies alike, yet your two copies differ. The dropout ran on the heads' "
          "outputs or on the module's output. Attention dropout acts on the weights after the "
          "softmax, before they multiply v.");
    }
    return std::nullopt;
  });
}

const Registrar registered_dropout_on_output(
    {"pitfall_dropout_on_output", "dropout acts on the attention weights, not on the outputs",
     check_dropout_on_output});

}  // namespace
}  // namespace grader::kata_mha_train
