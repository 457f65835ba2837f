// Detector of weight_plus_one: the output scaled by 1 + weight (Gemma's convention, which stores
// the weight as an offset from 1) instead of by weight (LLaMA's).
#include "grader/katas/rms_norm/detect.hpp"

namespace grader::kata_rms_norm {
namespace {

Outcome check_weight_plus_one(uint64_t seed) {
  return detect(seed, Values::Moderate, &Made::weight_plus_one, "weight_plus_one",
                [](const Case&, const Steps&) {
                  return std::string(
                      "the normalised x is scaled by 1 + weight, not by weight. That is Gemma's "
                      "convention, whose checkpoints store the weight as an offset from 1 "
                      "(initialised at 0); this kata is LLaMA's, whose weight is the scale itself "
                      "(initialised at 1). Multiply by weight as it is.");
                });
}

const Registrar registered_weight_plus_one({"pitfall_weight_plus_one",
                                            "the output is scaled by weight, not 1 + weight",
                                            check_weight_plus_one});

}  // namespace
}  // namespace grader::kata_rms_norm
