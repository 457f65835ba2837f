// expect: pass
// Accepted: the gates as the softmax of the k chosen logits (the same numbers as the chosen
// probabilities over their sum), the probabilities from exp(log_softmax).
#include <vector>

#include "moe_router.hpp"

namespace kata {

Routing route_top_k(const kt::Tensor& router_logits, int64_t k) {
  if (router_logits.dim() != 2) throw kt::ValueError("route_top_k: router_logits is not 2-D");
  if (router_logits.dtype() != kt::Float32 && router_logits.dtype() != kt::Float64)
    throw kt::ValueError("route_top_k: router_logits is not floating point");
  const int64_t n = router_logits.size(0), e = router_logits.size(1);
  if (n == 0 || k < 1 || k > e) throw kt::ValueError("route_top_k: need N >= 1 and 1 <= k <= E");
  const kt::Tensor probs = kt::exp(kt::log_softmax(router_logits, -1));
  std::vector<kt::Tensor> picks;
  kt::Tensor left = router_logits;  // the logits order the experts as the probabilities do
  for (int64_t j = 0; j < k; ++j) {
    const kt::Tensor pick = kt::argmax(left, -1, true);
    picks.push_back(pick);
    left = kt::where(kt::one_hot(pick.squeeze(1), e).to(kt::Bool), -1e300, left);
  }
  const kt::Tensor index = kt::cat(picks, 1);
  const kt::Tensor gate = kt::softmax(kt::gather(router_logits, 1, index), 1);
  const kt::Tensor f = kt::mean(kt::sum(kt::one_hot(index, e), 1).to(probs.dtype()), 0) / double(k);
  return {index, gate, kt::sum(f * kt::mean(probs, 0)) * double(e)};
}

}  // namespace kata
