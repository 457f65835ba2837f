// Detector of missing_mean_term: dx without - mean(g), the path through the mean (closed form, or
// a staged chain rule that forgets dmean).
#include "grader/katas/layer_norm_backward/detect.hpp"

namespace grader::kata_layer_norm_backward {
namespace {

Outcome check_missing_mean_term(uint64_t seed) {
  return detect(
      seed, {{0, [](const Steps& s) { return !s.mean_term; }}}, "missing_mean_term",
      [](const Case&, const Steps& s, size_t) {
        return std::string("dx leaves out the path through the mean: it is (g") +
               (s.xhat_term ? " - x̂ * mean(g * x̂)" : "") +
               ") / sigma with g = dout * weight, without the - mean(g) term. Every x moves the "
               "row's mean, and the mean is subtracted from every x̂ of the row, so each entry "
               "of dx also receives -mean(g) / sigma. (A staged chain rule that forgets dmean, "
               "the gradient reaching the mean, gives the same numbers.) Each row of the right "
               "dx sums to 0; yours does not.";
      });
}

const Registrar registered_missing_mean_term({"pitfall_missing_mean_term",
                                              "dx has the mean's term: - mean(g) / sigma",
                                              check_missing_mean_term});

}  // namespace
}  // namespace grader::kata_layer_norm_backward
