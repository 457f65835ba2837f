// Detector of normalized_wrong_axis: the mean and variance taken over dim 0, or over the whole
// tensor, instead of over each row along the last axis.
#include "grader/katas/layer_norm/detect.hpp"

namespace grader::kata_layer_norm {
namespace {

Outcome check_normalized_wrong_axis(uint64_t seed) {
  return detect(seed, cube(Values::Moderate), &Made::normalized_wrong_axis, "normalized_wrong_axis",
                [](const Case& c, const Steps& steps) {
                  const std::string over =
                      norm_family::over_words(c.x, steps.axis, steps.other,
                                              "one mean and one variance for all " +
                                                  std::to_string(c.x.numel()) + " values");
                  return "the mean and the variance are taken " + over +
                         ", not over each row along the last axis (of size D = " +
                         std::to_string(c.x.size(-1)) +
                         "). LayerNorm normalises every position on its own, across its D "
                         "features: reduce over dim -1 with keepdim, kt::mean(x, -1, true), for "
                         "the mean and for the variance. (Normalising over the batch is "
                         "BatchNorm.)";
                });
}

const Registrar registered_normalized_wrong_axis(
    {"pitfall_normalized_wrong_axis",
     "each row is normalised over its own last axis, not over dim 0 or the whole tensor",
     check_normalized_wrong_axis});

}  // namespace
}  // namespace grader::kata_layer_norm
