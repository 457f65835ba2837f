// expect: fail
// Returns expert ids past E (and negative ones) with gates that look right: compared as wrong
// experts, never read as indices by the grader.
#include "moe_router.hpp"

namespace kata {

Routing route_top_k(const kt::Tensor& router_logits, int64_t k) {
  if (router_logits.dim() != 2 || k < 1 || k > router_logits.size(1) || router_logits.size(0) < 1)
    throw kt::ValueError("route_top_k: bad arguments");
  const int64_t n = router_logits.size(0);
  const kt::Tensor index = kt::full({n, k}, 1e6, kt::Int64) - kt::full({n, k}, 2e6, kt::Int64);
  const kt::Tensor gate = kt::full({n, k}, 1.0 / double(k), router_logits.dtype());
  return {index, gate, kt::scalar_tensor(1.0, router_logits.dtype())};
}

}  // namespace kata
