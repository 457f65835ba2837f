// Detector of no_bias_correction: exp_avg or exp_avg_sq (or both) used without dividing by
// 1 - beta^step.
#include <cmath>
#include <sstream>

#include "grader/katas/adamw/detect.hpp"

namespace grader::kata_adamw {
namespace {

Outcome check_no_bias_correction(uint64_t seed) {
  return detect(
      seed, &Made::no_bias_correction, "no_bias_correction", [](const Case& c, const Steps& steps) {
        const double t = double(c.step + 1);
        std::string which;
        if (!steps.correct_m && !steps.correct_v)
          which = "exp_avg and exp_avg_sq are used as they are, without";
        else if (!steps.correct_m)
          which = "exp_avg is used as it is (exp_avg_sq is corrected), without";
        else
          which = "exp_avg_sq is used as it is (exp_avg is corrected), without";
        std::ostringstream m;
        m << which
          << " the bias corrections: m_hat = exp_avg / (1 - beta1^step) and v_hat = "
             "exp_avg_sq / (1 - beta2^step), with step the count after this call's "
             "increment. The moments start at zero, so early on they are too small by "
             "exactly these factors. This case's first call makes step "
          << t << ": 1 - " << c.cfg.beta1 << "^" << t << " = " << 1 - std::pow(c.cfg.beta1, t)
          << " and 1 - " << c.cfg.beta2 << "^" << t << " = " << 1 - std::pow(c.cfg.beta2, t) << ".";
        return m.str();
      });
}

const Registrar registered_no_bias_correction({"pitfall_no_bias_correction",
                                               "both moments are divided by their bias correction",
                                               check_no_bias_correction});

}  // namespace
}  // namespace grader::kata_adamw
