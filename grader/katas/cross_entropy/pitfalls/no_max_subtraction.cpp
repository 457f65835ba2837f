// Detector of no_max_subtraction: log-sum-exp of the raw logits, whose exp overflows to inf past
// 709 (88 in Float32).
#include "grader/katas/cross_entropy/detect.hpp"

namespace grader::kata_cross_entropy {
namespace {

Outcome check_no_max_subtraction(uint64_t seed) {
  Spec spec = detector_spec(Logits::Shifted, Ignored::None);
  return detect(seed, spec, &Made::no_max_subtraction, "no_max_subtraction",
                [](const Case&, const Steps&) {
                  return std::string(
                      "exp is taken of the raw logits: these are about 1000, exp(1000) overflows "
                      "to inf (past 709 in Float64, 88 in Float32), and the loss comes out inf or "
                      "NaN, where it is a few units. Take each row's maximum m out first: "
                      "logsumexp = m + log(sum(exp(logits - m))), so exp only sees numbers <= 0 "
                      "(kt::logsumexp(logits, 1, true) does it).");
                });
}

const Registrar registered_no_max_subtraction(
    {"pitfall_no_max_subtraction",
     "logits of +1000 give a finite loss: the row's maximum is taken out before exp",
     check_no_max_subtraction});

}  // namespace
}  // namespace grader::kata_cross_entropy
