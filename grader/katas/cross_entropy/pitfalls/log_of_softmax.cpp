// Detector of log_of_softmax: the log of a (max-subtracted) softmax, which is -inf where a
// probability underflows to 0, though log_softmax is finite there.
#include "grader/katas/cross_entropy/detect.hpp"

namespace grader::kata_cross_entropy {
namespace {

Outcome check_log_of_softmax(uint64_t seed) {
  Spec spec = detector_spec(Logits::Wide, Ignored::None);
  spec.smoothing = true;
  return detect(seed, spec, &Made::log_of_softmax, "log_of_softmax", [](const Case&, const Steps&) {
    return std::string(
        "the log-probabilities are the log of a softmax. Row 0's target logit is "
        "1000 below the row's largest, so its probability, exp(-1000) / ..., "
        "underflows to 0 and its log is -inf; the loss comes out inf, where the "
        "exact -log p is about 1000. Compute log p directly as logits - "
        "logsumexp(logits) over the row (with the row's maximum taken out: "
        "kt::logsumexp(logits, 1, true), or m + log(sum(exp(logits - m)))): it never "
        "takes the log of 0.");
  });
}

const Registrar registered_log_of_softmax(
    {"pitfall_log_of_softmax",
     "log-probabilities as logits - logsumexp: finite where a probability underflows",
     check_log_of_softmax});

}  // namespace
}  // namespace grader::kata_cross_entropy
