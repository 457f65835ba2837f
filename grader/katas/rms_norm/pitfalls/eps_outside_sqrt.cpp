// Detector of eps_outside_sqrt: x / (sqrt(mean(x^2)) + eps) instead of x / sqrt(mean(x^2) + eps).
// The two differ little where the mean of squares is large, and a lot where it is near eps.
#include <cmath>
#include <sstream>

#include "grader/katas/rms_norm/detect.hpp"

namespace grader::kata_rms_norm {
namespace {

Outcome check_eps_outside_sqrt(uint64_t seed) {
  return detect(seed, Values::Small, &Made::eps_outside_sqrt, "eps_outside_sqrt",
                [](const Case& c, const Steps&) {
                  // The first row's numbers, said of this case.
                  const kt::Tensor x = c.x.to(kt::Float64);
                  const double ms = kt::mean(x * x, -1).reshape({-1})[0].item();
                  std::ostringstream m;
                  m << "eps is added after the square root, x / (sqrt(mean(x^2)) + eps), instead "
                       "of inside it, x / sqrt(mean(x^2) + eps). On this case's first row "
                       "mean(x^2) = "
                    << ms << " and eps = " << c.eps
                    << ": sqrt(mean(x^2) + eps) = " << std::sqrt(ms + c.eps)
                    << ", but sqrt(mean(x^2)) + eps = " << std::sqrt(ms) + c.eps
                    << ". The two are close only where the mean of squares is much larger than "
                       "eps. Add eps first, then take the root: x * kt::rsqrt(ms + eps).";
                  return m.str();
                });
}

const Registrar registered_eps_outside_sqrt(
    {"pitfall_eps_outside_sqrt", "eps is added to the mean of squares inside the square root",
     check_eps_outside_sqrt});

}  // namespace
}  // namespace grader::kata_rms_norm
