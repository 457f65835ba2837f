// Detector of aux_from_logits: P_e, the mean router probability of expert e, computed from the
// logits instead of the softmax's probabilities.
#include "grader/katas/moe_router/detect.hpp"

namespace grader::kata_moe_router {
namespace {

Outcome check_aux_from_logits(uint64_t seed) {
  return detect(seed, &Made::aux_from_logits, "aux_from_logits", [](const Case&, const Steps&) {
    return std::string(
        "in aux_loss, P_e is the mean of the logits of expert e over the tokens; it is the mean "
        "of its probabilities, probs[:, e] after the softmax over the experts. Logits have no "
        "scale (adding a constant to a row changes them, not the routing), so a loss made from "
        "them can be lowered without balancing anything. Average the softmax's output.");
  });
}

const Registrar registered_aux_from_logits({"pitfall_aux_from_logits",
                                            "P_e is the mean probability, not the mean logit",
                                            check_aux_from_logits});

}  // namespace
}  // namespace grader::kata_moe_router
