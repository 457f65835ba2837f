// Detector of bias_correction_wrong_step: the corrections computed with the step count read
// before it is incremented (1 - beta^0 = 0 on the first step, one step behind afterwards).
#include <cmath>
#include <sstream>

#include "grader/katas/adamw/detect.hpp"

namespace grader::kata_adamw {
namespace {

Outcome check_bias_correction_wrong_step(uint64_t seed) {
  return detect(seed, &Made::bias_correction_wrong_step, "bias_correction_wrong_step",
                [](const Case& c, const Steps&) {
                  const double t = double(c.step + 1);
                  std::ostringstream m;
                  m << "the bias corrections use the step count from before this call's "
                       "increment: one step behind. This case's state arrives with step = "
                    << c.step << ", so its first call is step " << t
                    << " and divides exp_avg by 1 - " << c.cfg.beta1 << "^" << t << " = "
                    << 1 - std::pow(c.cfg.beta1, t) << "; yours divides by 1 - " << c.cfg.beta1
                    << "^" << c.step << " = " << 1 - std::pow(c.cfg.beta1, double(c.step))
                    << ". On a fresh state's first call that is 1 - beta^0 = 0: a division by "
                       "zero and a NaN parameter. Increment state.step first, then compute the "
                       "corrections from the new count.";
                  return m.str();
                });
}

const Registrar registered_bias_correction_wrong_step(
    {"pitfall_bias_correction_wrong_step",
     "the corrections use the step count after this call's increment",
     check_bias_correction_wrong_step});

}  // namespace
}  // namespace grader::kata_adamw
