// Detector of the pitfall scale_by_d_model: scores divided by sqrt(d_model) instead of
// sqrt(d_head). See Note [pitfall detectors] in detect.hpp.
#include <cmath>

#include "grader/katas/mha_family/detectors.hpp"

namespace grader::mha {
Outcome check_scale_by_d_model(uint64_t seed) {
  // Dividing by sqrt(d_model) is dividing by sqrt(d_head) on query weights shrunk by
  // sqrt(num_heads): it shows with several heads. d_head >= 2: with d_head = 1 it is
  // sqrt(num_heads), a mistake of its own.
  return check_scale_pitfall(
      seed, "scale_by_d_model", {.scale_by_d_model = true}, 2,
      [](const Case& c) { return std::sqrt(double(c.D())); },
      [](const Case& c) {
        return "the scores are divided by sqrt(d_model) = sqrt(" + std::to_string(c.D()) +
               ") instead of sqrt(d_head) = sqrt(" + std::to_string(c.dk) +
               "). Each head's dot product sums d_head terms, so its "
               "spread grows like sqrt(d_head): that is what to divide by. "
               "sqrt(d_model) over-shrinks the scores by sqrt(num_heads) "
               "and flattens attention towards uniform.";
      });
}

constinit const FamilyDetector scale_by_d_model_detector{
    "scale_by_d_model", "scores are scaled by 1/sqrt(d_head)", check_scale_by_d_model};

}  // namespace grader::mha
