// Detector of probabilities_multiplied: hypotheses carry products of exp(value), the log taken at
// the end; products of small probabilities underflow to 0 where sums of logs do not.
#include "grader/katas/beam_search/detect.hpp"

namespace grader::kata_beam_search {
namespace {

Outcome check_probabilities_multiplied(uint64_t seed) {
  return detect(seed, detector_spec({ModelKind::Tiny}, {1.0}),
                Steps{.carry = Steps::Carry::Products}, &Made::probabilities_multiplied,
                "probabilities_multiplied", [](const Case&, const Steps&) {
                  return std::string(
                      "your search multiplies probabilities (exp of the model's values) and "
                      "takes the log at the end: here the values are near -300, so after three "
                      "steps every product is below the smallest double and rounds to 0, every "
                      "candidate ties at 0 and its log is -inf. Add log-probabilities instead: "
                      "log_prob is the running sum of the model's values.");
                });
}

const Registrar registered_probabilities_multiplied({"pitfall_probabilities_multiplied",
                                                     "hypotheses carry sums of log-probabilities",
                                                     check_probabilities_multiplied});

}  // namespace
}  // namespace grader::kata_beam_search
