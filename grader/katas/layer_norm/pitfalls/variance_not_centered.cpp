// Detector of variance_not_centered: the mean of x^2 used as the variance (the mean not subtracted
// first), which is the variance plus mean^2.
#include <sstream>

#include "grader/katas/layer_norm/detect.hpp"

namespace grader::kata_layer_norm {
namespace {

Outcome check_variance_not_centered(uint64_t seed) {
  return detect(seed, cube(Values::Offset), &Made::variance_not_centered, "variance_not_centered",
                [](const Case&, const Steps&) {
                  return std::string(
                      "the variance is the mean of x^2, not the mean of (x - mean)^2: "
                      "mean(x^2) = var + mean^2, so on these rows (shifted by 3 to 6) it is "
                      "far too large and every normalised value too small. Subtract the row's "
                      "mean before squaring: kt::mean(kt::pow(x - mean, 2), -1, true). "
                      "(mean(x^2) without the mean is RMSNorm's statistic, and there the "
                      "numerator is x, not x - mean.)");
                });
}

const Registrar registered_variance_not_centered(
    {"pitfall_variance_not_centered", "the variance is centred: the mean of (x - mean)^2",
     check_variance_not_centered});

}  // namespace
}  // namespace grader::kata_layer_norm
