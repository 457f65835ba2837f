// Detector of eps_outside_sqrt: (x - mean) / (sqrt(var) + eps) instead of / sqrt(var + eps). The
// two differ little where the variance is large, and a lot on rows whose variance is near eps.
#include <cmath>
#include <sstream>

#include "grader/katas/layer_norm/detect.hpp"

namespace grader::kata_layer_norm {
namespace {

Outcome check_eps_outside_sqrt(uint64_t seed) {
  return detect(seed, cube(Values::SmallVariance), &Made::eps_outside_sqrt, "eps_outside_sqrt",
                [](const Case& c, const Steps&) {
                  // The first row's numbers, said of this case.
                  const kt::Tensor x = c.x.to(kt::Float64);
                  const double var = kt::var(x, -1, /*unbiased=*/false).reshape({-1})[0].item();
                  std::ostringstream m;
                  m << "eps is added after the square root, (x - mean) / (sqrt(var) + eps), "
                       "instead of inside it, (x - mean) / sqrt(var + eps). On this case's first "
                       "row var = "
                    << var << " and eps = " << c.eps
                    << ": sqrt(var + eps) = " << std::sqrt(var + c.eps)
                    << ", but sqrt(var) + eps = " << std::sqrt(var) + c.eps
                    << ". The two are close only where the variance is much larger than eps. Add "
                       "eps to the variance, then take the square root: kt::sqrt(var + eps), or "
                       "multiply by kt::rsqrt(var + eps).";
                  return m.str();
                });
}

const Registrar registered_eps_outside_sqrt({"pitfall_eps_outside_sqrt",
                                             "eps is added to the variance inside the square root",
                                             check_eps_outside_sqrt});

}  // namespace
}  // namespace grader::kata_layer_norm
