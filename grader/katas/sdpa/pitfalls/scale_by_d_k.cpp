// Detector of the pitfall scale_by_d_k: the scores are divided by d_k instead of √d_k.
// See Note [sdpa detectors] in detect.hpp.
#include "grader/katas/sdpa/detect.hpp"

namespace grader::kata_sdpa {
namespace {

Outcome check_scale_by_d_k(uint64_t seed) {
  return check_scale_pitfall(seed, Scale::Dk, "scale_by_d_k", [](const Case& c) {
    const std::string dk = std::to_string(c.dk());
    return "the scores are divided by d_k = " + dk + ", not by √d_k = √" + dk +
           ". The scale is a square root: a dot product of d_k random "
           "components has variance d_k, and dividing by √d_k brings it back "
           "to 1; dividing by d_k shrinks it to 1/d_k and flattens the "
           "attention towards uniform. Use std::sqrt(double(d_k)). (The same happens when "
           "1/√d_k is applied twice: to q and to k, or to q and to the scores: apply it once.)";
  });
}

const Registrar registered_scale_by_d_k({"pitfall_scale_by_d_k",
                                         "the scores are divided by √d_k, not d_k",
                                         check_scale_by_d_k});

}  // namespace
}  // namespace grader::kata_sdpa
