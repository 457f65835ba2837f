// Detector of mean_subtracted: the row's mean subtracted (from x, inside the statistic, or both:
// LayerNorm without its bias), which RMSNorm never does.
#include "grader/katas/rms_norm/detect.hpp"

namespace grader::kata_rms_norm {
namespace {

Outcome check_mean_subtracted(uint64_t seed) {
  return detect(seed, Values::Offset, &Made::mean_subtracted, "mean_subtracted",
                [](const Case&, const Steps& steps) {
                  const std::string where =
                      steps.centre == Steps::Centre::Both
                          ? "from x and inside the statistic (this is LayerNorm without its bias)"
                      : steps.centre == Steps::Centre::Numerator
                          ? "from x before dividing"
                          : "inside the statistic (the variance, not the mean of squares)";
                  return "the row's mean is subtracted " + where +
                         ". RMSNorm never subtracts a mean: it divides x itself by its root mean "
                         "square, sqrt(mean(x^2) + eps), and on these rows (shifted by 3 to 6) "
                         "that is far from the centred version. Use x and kt::mean(x * x, -1, "
                         "true), with no mean of x anywhere.";
                });
}

const Registrar registered_mean_subtracted({"pitfall_mean_subtracted",
                                            "no mean is subtracted: x over its root mean square",
                                            check_mean_subtracted});

}  // namespace
}  // namespace grader::kata_rms_norm
