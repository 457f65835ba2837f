// Detector of top_p_before_temperature: the nucleus chosen from the softmax of the raw logits of
// the top-k survivors, the temperature applied only to the final draw.
#include "grader/katas/sampling/detect.hpp"

namespace grader::kata_sampling {
namespace {

Outcome check_top_p_before_temperature(uint64_t seed) {
  // Logits of 0.75 * randn: softmax(logits) is flat, and p at T = 0.5 much less so, so the
  // nucleus taken before the temperature keeps several more tokens, with p large enough to draw.
  Spec spec = detector_spec(Temperature::Cold, Filter::Off, Filter::On);
  spec.spread = 0.75;
  return detect(
      seed, spec, Steps{.nucleus_from = Steps::NucleusFrom::KeptLogits},
      &Made::top_p_before_temperature, "top_p_before_temperature",
      [](const Case& c, const Steps&) {
        return "your nucleus is chosen from softmax(logits), before the temperature: "
               "at T = " +
               number(c.temperature) + " p is " + (c.temperature < 1 ? "sharper" : "flatter") +
               " than that, so the tokens that reach top_p are not the same. The order "
               "is temperature, then top-k, then top-p: compute the nucleus from "
               "softmax(logits / T) over the tokens top-k kept.";
      },
      // Twice the cases: beside a second slip of the temperature the nucleus is told apart on
      // fewer of them.
      2 * kDetectorCases);
}

const Registrar registered_top_p_before_temperature({"pitfall_top_p_before_temperature",
                                                     "the nucleus is chosen after the temperature",
                                                     check_top_p_before_temperature});

}  // namespace
}  // namespace grader::kata_sampling
