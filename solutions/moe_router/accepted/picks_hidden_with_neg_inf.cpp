// expect: pass
// Accepted: each pick hidden with -inf before the next argmax (not -1); every other step the
// worked solution's.
#include <limits>

#include "moe_router.hpp"

namespace kata {

Routing route_top_k(const kt::Tensor& router_logits, int64_t k) {
  if (router_logits.dim() != 2)
    throw kt::ValueError("route_top_k: router_logits must be 2-D (N, E), got shape " +
                         kt::shape_str(router_logits.sizes()));
  if (router_logits.dtype() != kt::Float32 && router_logits.dtype() != kt::Float64)
    throw kt::ValueError("route_top_k: router_logits must be Float32 or Float64");
  const int64_t n = router_logits.size(0), e = router_logits.size(1);
  if (n < 1) throw kt::ValueError("route_top_k: router_logits has no tokens (N = 0)");
  if (k < 1 || k > e)
    throw kt::ValueError("route_top_k: k = " + std::to_string(k) +
                         " must be in [1, E = " + std::to_string(e) + "]");
  const kt::Tensor probs = kt::softmax(router_logits, 1);
  std::vector<kt::Tensor> picks;
  kt::Tensor left = probs;
  for (int64_t j = 0; j < k; ++j) {
    const kt::Tensor pick = kt::argmax(left, 1, /*keepdim=*/true);  // (N, 1)
    picks.push_back(pick);
    left = left.masked_fill(kt::one_hot(pick.squeeze(1), e).to(kt::Bool),
                            -std::numeric_limits<double>::infinity());
  }
  const kt::Tensor index = kt::cat(picks, 1);  // (N, k), most probable first
  const kt::Tensor top = kt::gather(probs, 1, index);
  const kt::Tensor gate = top / kt::sum(top, 1, /*keepdim=*/true);
  // f_e: the share of the N * k assignments that went to e; P_e: the mean probability of e.
  const kt::Tensor counts = kt::sum(kt::sum(kt::one_hot(index, e), 0), 0).to(probs.dtype());
  const kt::Tensor fraction = counts / double(n * k);
  const kt::Tensor importance = kt::mean(probs, 0);
  const kt::Tensor aux_loss = kt::sum(fraction * importance) * double(e);
  return {index, gate, aux_loss};
}

}  // namespace kata
