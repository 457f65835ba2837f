// Detector of temperature_after_softmax: the temperature applied to the probabilities, where a
// renormalisation cancels it or a second softmax flattens them, instead of to the logits.
#include "grader/katas/sampling/detect.hpp"

namespace grader::kata_sampling {
namespace {

Outcome check_temperature_after_softmax(uint64_t seed) {
  return detect(seed, detector_spec(Temperature::NotOne, Filter::Random, Filter::Random),
                Steps{.temperature = Steps::Temperature::SoftmaxRenormalised},
                &Made::temperature_after_softmax, "temperature_after_softmax",
                [](const Case& c, const Steps& steps) {
                  const bool cancelled =
                      steps.temperature == Steps::Temperature::SoftmaxRenormalised;
                  return std::string("your tokens are the draws of a sampler whose temperature ") +
                         (cancelled ? "has no effect: probabilities divided by T and "
                                      "renormalised are the same probabilities"
                                    : "divides the probabilities, which are then softmaxed "
                                      "again (nearly uniform)") +
                         "; here T = " + number(c.temperature) + " must make p " +
                         (c.temperature < 1 ? "sharper" : "flatter") +
                         ". Divide the logits, before the softmax: p = softmax(logits / T).";
                });
}

const Registrar registered_temperature_after_softmax(
    {"pitfall_temperature_after_softmax",
     "the temperature divides the logits, not the probabilities", check_temperature_after_softmax});

}  // namespace
}  // namespace grader::kata_sampling
