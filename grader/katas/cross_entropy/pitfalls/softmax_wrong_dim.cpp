// Detector of softmax_wrong_dim: the log-softmax taken over the rows (dim 0) instead of over each
// row's classes.
#include "grader/katas/cross_entropy/detect.hpp"

namespace grader::kata_cross_entropy {
namespace {

Outcome check_softmax_wrong_dim(uint64_t seed) {
  Spec spec = detector_spec(Logits::Moderate, Ignored::None);
  return detect(seed, spec, &Made::softmax_wrong_dim, "softmax_wrong_dim",
                [](const Case& c, const Steps&) {
                  return "the log-softmax is taken over dim 0, across the N = " +
                         std::to_string(c.logits.size(0)) +
                         " rows, not over dim 1, the C = " + std::to_string(c.logits.size(1)) +
                         " classes of each row. Each row is one example's distribution over the "
                         "classes: normalise along dim 1 (kt::logsumexp(logits, 1, true), or the "
                         "maximum and the sum along dim 1 with keepdim).";
                });
}

const Registrar registered_softmax_wrong_dim({"pitfall_softmax_wrong_dim",
                                              "each row is normalised over its classes (dim 1)",
                                              check_softmax_wrong_dim});

}  // namespace
}  // namespace grader::kata_cross_entropy
