// Detector of experts_unsorted: each token's k experts listed by id (with their gates), not by
// decreasing probability.
#include "grader/katas/moe_router/detect.hpp"

namespace grader::kata_moe_router {
namespace {

Outcome check_experts_unsorted(uint64_t seed) {
  return detect(seed, &Made::experts_unsorted, "experts_unsorted", [](const Case&, const Steps&) {
    return std::string(
        "each token's k experts are the right ones, but listed by id (as a mask over the experts "
        "read left to right gives them) instead of by decreasing probability; their gates follow "
        "the same order. torch.topk returns them most probable first, and code downstream reads "
        "column 0 as the token's first choice. Sort the k chosen experts by their probability, "
        "highest first (ties: the lower id first).");
  });
}

const Registrar registered_experts_unsorted({"pitfall_experts_unsorted",
                                             "each token's experts come most probable first",
                                             check_experts_unsorted});

}  // namespace
}  // namespace grader::kata_moe_router
