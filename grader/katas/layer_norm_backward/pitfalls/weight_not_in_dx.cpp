// Detector of weight_not_in_dx: dx computed from dout instead of g = dout * weight.
#include "grader/katas/layer_norm_backward/detect.hpp"

namespace grader::kata_layer_norm_backward {
namespace {

Outcome check_weight_not_in_dx(uint64_t seed) {
  return detect(seed, {{0, [](const Steps& s) { return !s.weight_in_dx; }}}, "weight_not_in_dx",
                [](const Case&, const Steps&, size_t) {
                  return std::string(
                      "dx is computed from dout where the gradient reaching x̂ is g = dout * "
                      "weight: the output is x̂ * weight + bias, so the chain rule multiplies by "
                      "weight on the way back. Use g = dout * weight in every term of dx (g, "
                      "mean(g) and mean(g * x̂)).");
                });
}

const Registrar registered_weight_not_in_dx({"pitfall_weight_not_in_dx",
                                             "dx is computed from g = dout * weight",
                                             check_weight_not_in_dx});

}  // namespace
}  // namespace grader::kata_layer_norm_backward
