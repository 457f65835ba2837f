// Detector of not_renormalized: the draw walks the kept tokens with probabilities computed over
// all V tokens, or over the top-k survivors with the ones top-p dropped zeroed.
#include "grader/katas/sampling/detect.hpp"

namespace grader::kata_sampling {
namespace {

Outcome check_not_renormalized(uint64_t seed) {
  Spec spec = detector_spec(Temperature::Positive, Filter::Random, Filter::Random);
  return detect(seed, spec, Steps{.renormalise = Steps::Renormalise::OverAll},
                &Made::not_renormalized, "not_renormalized", [](const Case& c, const Steps& steps) {
                  const bool k_cut = c.top_k > 0 && c.top_k < c.logits.numel();
                  return std::string(
                             "your draw walks the kept tokens with probabilities "
                             "computed ") +
                         (!k_cut ? "before top-p dropped tokens (here top-k keeps every token)"
                          : steps.renormalise == Steps::Renormalise::OverAll
                              ? "over all V tokens"
                              : "over the tokens top-k kept (those top-p dropped set to 0)") +
                         ": they sum to less than 1 over the kept tokens, so a u above their sum "
                         "always lands on the last kept token. After filtering, p is the softmax "
                         "of the kept tokens' scores alone (or the kept probabilities divided by "
                         "their sum).";
                });
}

const Registrar registered_not_renormalized(
    {"pitfall_not_renormalized", "the kept tokens' probabilities are renormalised to sum to 1",
     check_not_renormalized});

}  // namespace
}  // namespace grader::kata_sampling
