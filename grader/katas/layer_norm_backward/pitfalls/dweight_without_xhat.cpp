// Detector of dweight_without_xhat: dweight summed from dout alone (like dbias), not dout * x̂.
#include "grader/katas/layer_norm_backward/detect.hpp"

namespace grader::kata_layer_norm_backward {
namespace {

Outcome check_dweight_without_xhat(uint64_t seed) {
  // dbias holding dweight's sum of dout * x̂ is a swap of the two, not this pitfall.
  const auto swapped = [](const Case& c, const Grads& g) {
    return close_grad(g.dbias, dweight_with_steps(c, {}));
  };
  return detect(seed, {{1, [](const Steps& s) { return !s.dweight_xhat; }, swapped}},
                "dweight_without_xhat", [](const Case&, const Steps&, size_t) {
                  return std::string(
                      "dweight is the sum of dout, which is dbias: weight multiplies x̂, so its "
                      "gradient is the sum over every row of dout * x̂ (x̂ = (x - mean) / sqrt(var + "
                      "eps), the normalised input).");
                });
}

const Registrar registered_dweight_without_xhat({"pitfall_dweight_without_xhat",
                                                 "dweight is the sum of dout * x̂",
                                                 check_dweight_without_xhat});

}  // namespace
}  // namespace grader::kata_layer_norm_backward
