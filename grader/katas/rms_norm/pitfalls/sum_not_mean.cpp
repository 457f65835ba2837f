// Detector of sum_not_mean: the squares summed over the row instead of averaged, so every output
// is sqrt(D) times too small.
#include <cmath>
#include <sstream>

#include "grader/katas/rms_norm/detect.hpp"

namespace grader::kata_rms_norm {
namespace {

Outcome check_sum_not_mean(uint64_t seed) {
  return detect(
      seed, Values::Moderate, &Made::sum_not_mean, "sum_not_mean", [](const Case& c, const Steps&) {
        const int64_t d = c.x.size(-1);
        std::ostringstream m;
        m << "the squares are summed over the row, not averaged: the statistic is D = " << d
          << " times too large and every output about sqrt(" << d << ") = " << std::sqrt(double(d))
          << " times too small (the root mean square is the root of the mean). Divide "
             "the sum by D, or use kt::mean(x * x, -1, true).";
        return m.str();
      });
}

const Registrar registered_sum_not_mean({"pitfall_sum_not_mean",
                                         "the mean of the squares, not their sum",
                                         check_sum_not_mean});

}  // namespace
}  // namespace grader::kata_rms_norm
