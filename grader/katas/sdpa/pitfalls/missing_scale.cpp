// Detector of the pitfall missing_scale: the scores q kᵀ are not divided by anything.
// See Note [sdpa detectors] in detect.hpp.
#include "grader/katas/sdpa/detect.hpp"

namespace grader::kata_sdpa {
namespace {

Outcome check_missing_scale(uint64_t seed) {
  return run_sdpa_property(seed, kDetectorCases, [&]() -> std::optional<Failure> {
    const Case c = generate(unmasked_distinct_scales());
    const Run run = run_learner(c);
    if (auto stopped = cannot_check(c, run, "missing_scale")) return stopped;
    if (matches(c, run.out) || !shows_scale(c, run.out, Scale::None) ||
        !still_shows_scale(c, Scale::None)) {
      return std::nullopt;
    }
    const std::string dk = std::to_string(c.dk());
    return found_pitfall(c, run.out, "missing_scale",
                         "the scores are not scaled: q kᵀ is used as it is. Divide by √d_k (here "
                         "√" +
                             dk +
                             "): the dot product of two random d_k-dimensional vectors has "
                             "variance d_k, so unscaled scores grow with the width, the softmax "
                             "saturates to nearly one-hot weights, and its gradients vanish.");
  });
}

const Registrar check({"pitfall_missing_scale", "the scores are divided by √d_k",
                       check_missing_scale});

}  // namespace
}  // namespace grader::kata_sdpa
