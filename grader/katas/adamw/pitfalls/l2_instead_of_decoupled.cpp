// Detector of l2_instead_of_decoupled: weight decay added to the gradient (Adam with L2
// regularisation, weight_decay * param through the moments) instead of decoupled from it.
#include <sstream>

#include "grader/katas/adamw/detect.hpp"

namespace grader::kata_adamw {
namespace {

Outcome check_l2_instead_of_decoupled(uint64_t seed) {
  return detect(seed, &Made::l2_instead_of_decoupled, "l2_instead_of_decoupled",
                [](const Case& c, const Steps&) {
                  std::ostringstream m;
                  m << "weight decay is added to the gradient, grad + weight_decay * param (Adam "
                       "with L2 regularisation), instead of being decoupled from it. AdamW leaves "
                       "the gradient alone for the moments and shrinks param itself, param * (1 - "
                       "lr * weight_decay): here 1 - "
                    << c.cfg.lr << " * " << c.cfg.weight_decay << " = "
                    << 1 - c.cfg.lr * c.cfg.weight_decay
                    << " on every call. Through the moments, the decay is divided by "
                       "sqrt(exp_avg_sq) like the rest of the gradient, so a weight with large "
                       "gradients is hardly decayed at all: the flaw AdamW was made to fix.";
                  return m.str();
                });
}

const Registrar registered_l2_instead_of_decoupled(
    {"pitfall_l2_instead_of_decoupled",
     "weight decay shrinks param directly, not through the gradient",
     check_l2_instead_of_decoupled});

}  // namespace
}  // namespace grader::kata_adamw
