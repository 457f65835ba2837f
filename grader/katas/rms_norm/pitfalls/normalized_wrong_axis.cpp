// Detector of normalized_wrong_axis: the mean of squares taken over dim 0 (or another axis, or the
// whole tensor) instead of over each row along the last axis.
#include "grader/katas/rms_norm/detect.hpp"

namespace grader::kata_rms_norm {
namespace {

Outcome check_normalized_wrong_axis(uint64_t seed) {
  return detect(seed, Values::Moderate, &Made::normalized_wrong_axis, "normalized_wrong_axis",
                [](const Case& c, const Steps& steps) {
                  const std::string over = norm_family::over_words(
                      c.x, steps.axis, steps.other,
                      "one statistic for all " + std::to_string(c.x.numel()) + " values");
                  return "the mean of squares is taken " + over +
                         ", not over each row along the last axis (of size D = " +
                         std::to_string(c.x.size(-1)) +
                         "). RMSNorm normalises every position on its own, across its D "
                         "features: kt::mean(x * x, -1, /*keepdim=*/true).";
                });
}

const Registrar registered_normalized_wrong_axis(
    {"pitfall_normalized_wrong_axis",
     "each row is normalised over its own last axis, not over dim 0 or the whole tensor",
     check_normalized_wrong_axis});

}  // namespace
}  // namespace grader::kata_rms_norm
