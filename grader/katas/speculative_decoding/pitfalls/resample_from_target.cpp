// Detector of resample_from_target: a rejection resampled from the target p instead of the
// residual.
#include "grader/katas/speculative_decoding/detect.hpp"

namespace grader::kata_speculative_decoding {
namespace {

Outcome check_resample_from_target(uint64_t seed) {
  return detect(
      seed, detector_spec(Target::Apart), Steps{.residual = Steps::Residual::Target},
      &Made::resample_from_target, "resample_from_target", [](const Case&, const Steps&) {
        return std::string(
            "after a rejection your step draws from the target's p_i itself: the rejected "
            "draft token can come back, and the tokens the draft already covers come too "
            "often, so the output is not distributed as p. Draw from max(0, p_i - q_i) "
            "divided by its sum.");
      });
}

const Registrar registered_resample_from_target({"pitfall_resample_from_target",
                                                 "a rejection draws from the residual, not from p",
                                                 check_resample_from_target});

}  // namespace
}  // namespace grader::kata_speculative_decoding
