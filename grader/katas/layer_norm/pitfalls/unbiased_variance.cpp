// Detector of unbiased_variance: the variance divided by D - 1 (torch.var's and kt::var's default)
// instead of D, so every normalised row comes out sqrt((D - 1) / D) times too small.
#include <cmath>
#include <sstream>

#include "grader/katas/layer_norm/detect.hpp"

namespace grader::kata_layer_norm {
namespace {

Outcome check_unbiased_variance(uint64_t seed) {
  return detect(
      seed, cube(Values::Moderate), &Made::unbiased_variance, "unbiased_variance",
      [](const Case& c, const Steps&) {
        const int64_t d = c.x.size(-1);
        std::ostringstream m;
        m << "the variance is divided by D - 1 = " << d - 1 << " instead of D = " << d
          << " (the unbiased variance, which torch.var and kt::var give by default), so "
             "each normalised row (x - mean) / sqrt(var + eps) comes out about sqrt("
          << d - 1 << "/" << d << ") = " << std::sqrt(double(d - 1) / double(d))
          << " times the expected one. LayerNorm divides by D: take the mean of "
             "(x - mean)^2 over the last axis, or call kt::var(x, -1, /*unbiased=*/false, "
             "/*keepdim=*/true).";
        return m.str();
      });
}

const Registrar registered_unbiased_variance({"pitfall_unbiased_variance",
                                              "the variance is biased (divided by D, not D - 1)",
                                              check_unbiased_variance});

}  // namespace
}  // namespace grader::kata_layer_norm
