// Detector of ratio_inverted: acceptance tested with q / p instead of p / q.
#include "grader/katas/speculative_decoding/detect.hpp"

namespace grader::kata_speculative_decoding {
namespace {

Outcome check_ratio_inverted(uint64_t seed) {
  return detect(
      seed, detector_spec(Target::Random), Steps{.ratio = Steps::Ratio::QoverP},
      &Made::ratio_inverted, "ratio_inverted", [](const Case&, const Steps&) {
        return std::string(
            "your step accepts a draft token when u < q[x] / p[x], the ratio upside down: it "
            "accepts the tokens the target finds less likely than the draft did and "
            "rejects the ones it finds more likely. Accept when u < p[x] / q[x] (always "
            "when the target gives x more probability than the draft).");
      });
}

const Registrar registered_ratio_inverted({"pitfall_ratio_inverted",
                                           "a draft token is accepted when u < p[x] / q[x]",
                                           check_ratio_inverted});

}  // namespace
}  // namespace grader::kata_speculative_decoding
