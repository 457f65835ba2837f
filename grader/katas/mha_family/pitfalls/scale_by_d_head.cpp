// Detector of the pitfall scale_by_d_head: scores divided by d_head instead of sqrt(d_head).
// See Note [pitfall detectors] in detect.hpp.
#include "grader/katas/mha_family/detectors.hpp"

namespace grader::mha {
Outcome check_scale_by_d_head(uint64_t seed) {
  // d_head >= 2: d_head = 1 is its own square root.
  return check_scale_pitfall(
      seed, "scale_by_d_head", {.scale_by_d_head = true}, 2,
      [](const Case& c) { return double(c.dk); },
      [](const Case& c) {
        return "the scores are divided by d_head = " + std::to_string(c.dk) +
               " instead of sqrt(d_head) = sqrt(" + std::to_string(c.dk) +
               "). A dot product of d_head terms of unit spread has spread "
               "sqrt(d_head), so dividing by sqrt(d_head) brings the scores "
               "back to unit spread; dividing by d_head shrinks them by a "
               "further sqrt(d_head) and flattens attention towards "
               "uniform. Use std::sqrt(double(d_head)). (The same happens when 1/sqrt(d_head) "
               "is applied twice: to q and to k, or to q and to the scores: apply it once.)";
      });
}

constinit const FamilyDetector scale_by_d_head_detector{
    "scale_by_d_head", "scores are divided by sqrt(d_head), not d_head", check_scale_by_d_head};

}  // namespace grader::mha
