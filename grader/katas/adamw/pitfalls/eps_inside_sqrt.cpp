// Detector of eps_inside_sqrt: the denominator sqrt(v_hat + eps) instead of sqrt(v_hat) + eps.
#include <cmath>
#include <sstream>

#include "grader/katas/adamw/detect.hpp"

namespace grader::kata_adamw {
namespace {

Outcome check_eps_inside_sqrt(uint64_t seed) {
  return detect(seed, &Made::eps_inside_sqrt, "eps_inside_sqrt", [](const Case& c, const Steps&) {
    // On the first call, the value whose v_hat is smallest, where the two differ most.
    const ref::AdamWResult first =
        ref::adamw_step(c.param, c.grads.front(), c.exp_avg, c.exp_avg_sq, c.step, c.cfg);
    const double v_hat =
        kt::amin(first.exp_avg_sq).item() / (1 - std::pow(c.cfg.beta2, double(first.step)));
    std::ostringstream m;
    m << "eps is added inside the square root, sqrt(v_hat + eps), instead of after it, "
         "sqrt(v_hat) + eps, as torch.optim.AdamW does. On this case's first call the smallest "
         "v_hat = exp_avg_sq / (1 - beta2^step) is "
      << v_hat << " and eps = " << c.cfg.eps
      << ": sqrt(v_hat) + eps = " << std::sqrt(v_hat) + c.cfg.eps
      << ", but sqrt(v_hat + eps) = " << std::sqrt(v_hat + c.cfg.eps)
      << ". The smaller v_hat, the more they differ (sqrt(eps) is far larger than eps): take "
         "the root of v_hat, then add eps.";
    return m.str();
  });
}

const Registrar registered_eps_inside_sqrt({"pitfall_eps_inside_sqrt",
                                            "eps is added after the square root of v_hat",
                                            check_eps_inside_sqrt});

}  // namespace
}  // namespace grader::kata_adamw
