// Detector of aux_uses_gate_weights: f_e, the fraction of assignments to expert e, computed from
// the gate weights instead of the counts.
#include "grader/katas/moe_router/detect.hpp"

namespace grader::kata_moe_router {
namespace {

Outcome check_aux_uses_gate_weights(uint64_t seed) {
  return detect(seed, &Made::aux_uses_gate_weights, "aux_uses_gate_weights",
                [](const Case& c, const Steps&) {
                  return "in your aux_loss, f_e sums the gates given to expert e; it should count "
                         "the assignments: f_e = (how many of the N * k = " +
                         std::to_string(c.logits.size(0) * c.k) +
                         " token-expert pairs chose e) / (N * k). The loss multiplies that hard "
                         "fraction, which has no gradient, by P_e, the mean probability, which "
                         "has one: with f_e made from the gates it becomes a product of two "
                         "probabilities and pushes the router elsewhere. Count with "
                         "kt::one_hot(expert_index, E) summed over the tokens and the k slots.";
                });
}

const Registrar registered_aux_uses_gate_weights({"pitfall_aux_uses_gate_weights",
                                                  "f_e counts the assignments to expert e",
                                                  check_aux_uses_gate_weights});

}  // namespace
}  // namespace grader::kata_moe_router
