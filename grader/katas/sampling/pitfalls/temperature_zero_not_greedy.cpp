// Detector of temperature_zero_not_greedy: temperature 0 sampled (one draw taken), after clamping
// it to a tiny value or as if it were 1, instead of the greedy argmax with no draw.
#include "grader/katas/sampling/detect.hpp"

namespace grader::kata_sampling {
namespace {

Outcome check_temperature_zero_not_greedy(uint64_t seed) {
  // The largest logit repeated: a clamped temperature samples among the tied maxima, code that
  // is greedy but still draws a number returns the first every time. That is not this pitfall
  // (the greedy check says what it is), and only ties tell the two apart.
  Spec spec = detector_spec(Temperature::Zero, Filter::Random, Filter::Random);
  spec.ties = true;
  return detect(seed, spec, Steps{.zero = Steps::Zero::AsOne}, &Made::temperature_zero_not_greedy,
                "temperature_zero_not_greedy", [](const Case& c, const Steps& steps) {
                  return "at temperature 0 your " + std::to_string(c.calls) +
                         " calls each drew a number from gen" +
                         (steps.zero == Steps::Zero::AsOne
                              ? " and sampled as if the temperature were 1"
                              : " (a temperature clamped to a tiny value still samples)") +
                         ". Temperature 0 is greedy decoding: return the index of the largest "
                         "logit (the first on ties) before any division, and draw nothing.";
                });
}

const Registrar registered_temperature_zero_not_greedy(
    {"pitfall_temperature_zero_not_greedy", "temperature 0 is greedy: the argmax, no draw",
     check_temperature_zero_not_greedy});

}  // namespace
}  // namespace grader::kata_sampling
