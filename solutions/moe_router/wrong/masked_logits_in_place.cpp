// expect: fail
// Wrong, no named pitfall (written as an unseen suite would, round 50): top-k is found by repeated
// argmax on scores = router_logits (a handle that shares the caller's storage), and masked_fill_
// writes -inf into the caller's logits
// A mixture-of-experts router: top-k experts per token, Mixtral gates, Switch load-balancing loss.
#include "moe_router.hpp"

#include <limits>
#include <string>
#include <vector>

namespace kata {

Routing route_top_k(const kt::Tensor& router_logits, int64_t k) {
  if (router_logits.dim() != 2) {
    throw kt::ValueError("route_top_k: router_logits must be 2-D (N, E), got " +
                         kt::shape_str(router_logits.sizes()));
  }
  if (!kt::is_floating(router_logits.dtype())) {
    throw kt::ValueError("route_top_k: router_logits must be Float32 or Float64, got " +
                         std::string(kt::dtype_name(router_logits.dtype())));
  }
  const int64_t N = router_logits.size(0);
  const int64_t E = router_logits.size(1);
  if (N < 1) throw kt::ValueError("route_top_k: router_logits needs at least one token (N >= 1)");
  if (k < 1 || k > E) {
    throw kt::ValueError("route_top_k: k must be in [1, E = " + std::to_string(E) + "], got " +
                         std::to_string(k));
  }

  // Softmax over the experts (the last axis).
  const kt::Tensor probs = kt::softmax(router_logits, 1);  // (N, E)

  // Top k by repeated argmax: softmax is monotonic, so the logits give the same order. Each pick
  // is masked out with -inf before the next one.
  const double neg_inf = -std::numeric_limits<double>::infinity();
  kt::Tensor scores = router_logits;
  std::vector<kt::Tensor> picks;
  picks.reserve(k);
  for (int64_t j = 0; j < k; ++j) {
    kt::Tensor pick = kt::argmax(scores, 1, /*keepdim=*/true);  // (N, 1), lowest id on ties
    picks.push_back(pick);
    scores.masked_fill_(kt::one_hot(pick.squeeze(1), E) == 1.0, neg_inf);
  }
  const kt::Tensor expert_index = kt::cat(picks, 1);  // (N, k) Int64

  // Mixtral's gates: the chosen probabilities, renormalised per token.
  const kt::Tensor chosen = kt::gather(probs, 1, expert_index);
  const kt::Tensor gate = chosen / kt::sum(chosen, 1, /*keepdim=*/true);

  // Switch loss: E * sum_e f_e * P_e.
  const kt::Tensor counts = kt::sum(kt::sum(kt::one_hot(expert_index, E), 0), 0);  // (E)
  const kt::Tensor f = counts.to(probs.dtype()) / static_cast<double>(N * k);
  const kt::Tensor P = kt::mean(probs, 0);
  const kt::Tensor aux = kt::sum(f * P) * static_cast<double>(E);

  return Routing{expert_index, gate, aux};
}

}  // namespace kata
