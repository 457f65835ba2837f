// expect: pass
// Accepted: computed in Float64 whatever the logits' dtype, the gates and the loss converted back.
#include <vector>

#include "moe_router.hpp"

namespace kata {

Routing route_top_k(const kt::Tensor& router_logits, int64_t k) {
  if (router_logits.dim() != 2 || router_logits.size(0) < 1)
    throw kt::ValueError("route_top_k: router_logits must be (N, E) with N >= 1, got " +
                         kt::shape_str(router_logits.sizes()));
  if (router_logits.dtype() != kt::Float32 && router_logits.dtype() != kt::Float64)
    throw kt::ValueError("route_top_k: router_logits must be Float32 or Float64");
  const int64_t n = router_logits.size(0), e = router_logits.size(1);
  if (k < 1 || k > e) throw kt::ValueError("route_top_k: k is outside [1, E]");
  const kt::Tensor probs = kt::softmax(router_logits.to(kt::Float64), 1);
  std::vector<kt::Tensor> picks, tops;
  kt::Tensor left = probs;
  for (int64_t j = 0; j < k; ++j) {
    const kt::ValuesIndices best = kt::max(left, 1, true);
    picks.push_back(best.indices);
    tops.push_back(best.values);
    left = left.masked_fill(kt::one_hot(best.indices.squeeze(1), e).to(kt::Bool), -1.0);
  }
  const kt::Tensor index = kt::cat(picks, 1), top = kt::cat(tops, 1);
  const kt::Tensor gate = top / kt::sum(top, 1, true);
  const kt::Tensor counts = kt::sum(kt::sum(kt::one_hot(index, e), 0), 0).to(kt::Float64);
  const kt::Tensor aux = kt::sum(counts / double(n * k) * kt::mean(probs, 0)) * double(e);
  return {index, gate.to(router_logits.dtype()), aux.to(router_logits.dtype())};
}

}  // namespace kata
