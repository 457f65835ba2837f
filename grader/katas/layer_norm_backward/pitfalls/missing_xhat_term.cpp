// Detector of missing_xhat_term: dx without - x̂ * mean(g * x̂), the path through the variance.
#include "grader/katas/layer_norm_backward/detect.hpp"

namespace grader::kata_layer_norm_backward {
namespace {

Outcome check_missing_xhat_term(uint64_t seed) {
  return detect(
      seed, {{0, [](const Steps& s) { return !s.xhat_term; }}}, "missing_xhat_term",
      [](const Case&, const Steps& s, size_t) {
        return std::string("dx leaves out the path through the variance: it is (g") +
               (s.mean_term ? " - mean(g)" : "") +
               ") / sigma with g = dout * weight, without the - x̂ * mean(g * x̂) term. Every x "
               "moves the row's variance, which divides every entry, so dx also receives "
               "-x̂ * mean(g * x̂) / sigma. (A staged chain rule that forgets dvar gives the same "
               "numbers.) With a constant weight the right dx is orthogonal to x̂ in each row; "
               "yours is not.";
      });
}

const Registrar registered_missing_xhat_term(
    {"pitfall_missing_xhat_term", "dx has the variance's term: - x̂ * mean(g * x̂) / sigma",
     check_missing_xhat_term});

}  // namespace
}  // namespace grader::kata_layer_norm_backward
