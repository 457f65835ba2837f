// Detector of decay_without_lr: the decoupled decay param * (1 - weight_decay), without lr.
#include <sstream>

#include "grader/katas/adamw/detect.hpp"

namespace grader::kata_adamw {
namespace {

Outcome check_decay_without_lr(uint64_t seed) {
  return detect(seed, &Made::decay_without_lr, "decay_without_lr", [](const Case& c, const Steps&) {
    std::ostringstream m;
    m << "param is decayed by 1 - weight_decay = " << 1 - c.cfg.weight_decay
      << " on each call; torch.optim.AdamW multiplies it by 1 - lr * weight_decay = "
         "1 - "
      << c.cfg.lr << " * " << c.cfg.weight_decay << " = " << 1 - c.cfg.lr * c.cfg.weight_decay
      << ". Its weight_decay is a rate per unit of learning rate, so that a schedule "
         "that lowers lr lowers the decay with it. Multiply weight_decay by lr.";
    return m.str();
  });
}

const Registrar registered_decay_without_lr({"pitfall_decay_without_lr",
                                             "the decay is param * (1 - lr * weight_decay)",
                                             check_decay_without_lr});

}  // namespace
}  // namespace grader::kata_adamw
