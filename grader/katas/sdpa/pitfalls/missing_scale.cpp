// Detector of the pitfall missing_scale: the scores q kᵀ are not divided by anything.
// See Note [sdpa detectors] in detect.hpp.
#include "grader/katas/sdpa/detect.hpp"

namespace grader::kata_sdpa {
namespace {

Outcome check_missing_scale(uint64_t seed) {
  return check_scale_pitfall(seed, Scale::None, "missing_scale", [](const Case& c) {
    const std::string dk = std::to_string(c.dk());
    return "the scores are not scaled: q kᵀ is used as it is. Divide by √d_k (here √" + dk +
           "): the dot product of two random d_k-dimensional vectors has "
           "variance d_k, so unscaled scores grow with the width, the softmax "
           "saturates to nearly one-hot weights, and its gradients vanish.";
  });
}

const Registrar registered_missing_scale({"pitfall_missing_scale", "the scores are divided by √d_k",
                                          check_missing_scale});

}  // namespace
}  // namespace grader::kata_sdpa
