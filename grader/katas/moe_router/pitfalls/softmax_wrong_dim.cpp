// Detector of softmax_wrong_dim: the softmax taken over the tokens (dim 0) instead of the experts.
#include "grader/katas/moe_router/detect.hpp"

namespace grader::kata_moe_router {
namespace {

Outcome check_softmax_wrong_dim(uint64_t seed) {
  return detect(seed, &Made::softmax_wrong_dim, "softmax_wrong_dim",
                [](const Case& c, const Steps&) {
                  return "the softmax is taken over the tokens (dim 0, down each column of the " +
                         kt::shape_str(c.logits.sizes()) +
                         " logits) instead of over the experts (dim 1, along each row): each "
                         "token's router gives one distribution over the E experts, so its row "
                         "must sum to 1. Every expert chosen, every gate and the loss follow "
                         "from it. Use kt::softmax(router_logits, 1) (or -1).";
                });
}

const Registrar registered_softmax_wrong_dim({"pitfall_softmax_wrong_dim",
                                              "the softmax is over the experts (each row)",
                                              check_softmax_wrong_dim});

}  // namespace
}  // namespace grader::kata_moe_router
