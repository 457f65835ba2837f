// Detector of gate_not_renormalized: the gates are the k probabilities as the softmax gave them,
// not divided by their sum.
#include <sstream>

#include "grader/katas/moe_router/detect.hpp"

namespace grader::kata_moe_router {
namespace {

Outcome check_gate_not_renormalized(uint64_t seed) {
  return detect(seed, &Made::gate_not_renormalized, "gate_not_renormalized",
                [](const Case& c, const Steps&) {
                  const ref::Routing r = run_reference(c);
                  const kt::Tensor probs = ref::router_probs(c.logits);
                  const kt::Tensor top = kt::gather(probs[0], 0, r.expert_index[0]);
                  std::ostringstream m;
                  m << "the gates are the top-" << c.k
                    << " probabilities as the softmax over all the experts gave them; they must "
                       "be divided by their sum, so that each token's gates add up to 1 (Mixtral "
                       "does this; Switch with k = 1 keeps the probability). On token 0 the "
                       "chosen probabilities are "
                    << slice_text(top, 8) << ", which sum to " << kt::sum(top).item()
                    << ": the gates are " << slice_text(r.gate[0], 8)
                    << ". (The softmax of the k chosen logits alone gives the same gates.)";
                  return m.str();
                });
}

const Registrar registered_gate_not_renormalized(
    {"pitfall_gate_not_renormalized", "each token's k gates are renormalised to sum to 1",
     check_gate_not_renormalized});

}  // namespace
}  // namespace grader::kata_moe_router
