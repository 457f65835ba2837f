// Detector of residual_not_normalized: the residual max(0, p - q) not divided by its sum.
#include "grader/katas/speculative_decoding/detect.hpp"

namespace grader::kata_speculative_decoding {
namespace {

Outcome check_residual_not_normalized(uint64_t seed) {
  return detect(
      seed, detector_spec(Target::Apart), Steps{.residual = Steps::Residual::NotNormalized},
      &Made::residual_not_normalized, "residual_not_normalized", [](const Case&, const Steps&) {
        return std::string(
            "after a rejection your step draws from max(0, p - q) without dividing it by its "
            "sum: its running sum ends below 1, so every u above that sum falls on the "
            "last token. Divide the residual by its sum before the draw.");
      });
}

const Registrar registered_residual_not_normalized(
    {"pitfall_residual_not_normalized", "a rejection draws from max(0, p - q) divided by its sum",
     check_residual_not_normalized});

}  // namespace
}  // namespace grader::kata_speculative_decoding
