// Detector of residual_not_clamped: the residual p - q with its negative entries left in the
// running sum.
#include "grader/katas/speculative_decoding/detect.hpp"

namespace grader::kata_speculative_decoding {
namespace {

Outcome check_residual_not_clamped(uint64_t seed) {
  return detect(
      seed, detector_spec(Target::Apart), Steps{.residual = Steps::Residual::NotClamped},
      &Made::residual_not_clamped, "residual_not_clamped", [](const Case&, const Steps&) {
        return std::string(
            "after a rejection your step draws from p - q divided by the sum of its positive "
            "entries, with the negative entries left in: they pull the running sum "
            "down, so tokens where q > p shift the draw. Clamp first: max(0, p - q), "
            "then divide by its sum.");
      });
}

const Registrar registered_residual_not_clamped(
    {"pitfall_residual_not_clamped", "a rejection draws from max(0, p - q), the negatives clamped",
     check_residual_not_clamped});

}  // namespace
}  // namespace grader::kata_speculative_decoding
