// Detector of smoothing_mass_wrong: label smoothing's mass spread another way than PyTorch's
// (eps / (C - 1) on each other class, or the target's own eps / C share left out).
#include <sstream>

#include "grader/katas/cross_entropy/detect.hpp"

namespace grader::kata_cross_entropy {
namespace {

Outcome check_smoothing_mass_wrong(uint64_t seed) {
  Spec spec = detector_spec(Logits::Moderate, Ignored::None);
  spec.smoothing_only = true;
  return detect(seed, spec, &Made::smoothing_mass_wrong, "smoothing_mass_wrong",
                [](const Case& c, const Steps& steps) {
                  const int64_t classes = c.logits.size(1);
                  const double eps = c.label_smoothing;
                  std::ostringstream m;
                  m << "label smoothing puts its mass on the wrong classes: your target class "
                       "weighs 1 - eps = "
                    << 1 - eps << " and each other class "
                    << (steps.smoothing == Steps::Smoothing::OtherClasses
                            ? "eps / (C - 1) = " + std::to_string(eps / double(classes - 1))
                            : "eps / C = " + std::to_string(eps / double(classes)) +
                                  ", the target getting no eps / C share of its own")
                    << ". PyTorch spreads eps over all C = " << classes
                    << " classes, the target included: the target weighs 1 - eps + eps / C = "
                    << 1 - eps + eps / double(classes)
                    << " and each other class eps / C = " << eps / double(classes)
                    << ". Equivalently: (1 - eps) * (-log p[target]) + eps * mean over all "
                       "classes of (-log p[c]).";
                  return m.str();
                });
}

const Registrar registered_smoothing_mass_wrong(
    {"pitfall_smoothing_mass_wrong",
     "label smoothing spreads eps over all C classes, the target included",
     check_smoothing_mass_wrong});

}  // namespace
}  // namespace grader::kata_cross_entropy
