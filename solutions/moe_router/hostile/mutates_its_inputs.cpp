// expect: fail
// Right values, but hides each chosen expert with masked_fill_ on a copy of the handle, which
// shares the caller's storage: the caller's logits are changed. inputs_unchanged must fail, and
// only it.
#include <vector>

#include "moe_router.hpp"

namespace kata {

Routing route_top_k(const kt::Tensor& router_logits, int64_t k) {
  if (router_logits.dim() != 2 || router_logits.size(0) < 1 || k < 1 || k > router_logits.size(1))
    throw kt::ValueError("route_top_k: bad arguments");
  if (router_logits.dtype() != kt::Float32 && router_logits.dtype() != kt::Float64)
    throw kt::ValueError("route_top_k: router_logits must be floating point");
  const int64_t n = router_logits.size(0), e = router_logits.size(1);
  const kt::Tensor probs = kt::softmax(router_logits, 1);
  kt::Tensor scratch = router_logits;  // shares the caller's storage
  std::vector<kt::Tensor> picks;
  for (int64_t j = 0; j < k; ++j) {
    const kt::Tensor pick = kt::argmax(scratch, 1, true);
    picks.push_back(pick);
    scratch.masked_fill_(kt::one_hot(pick.squeeze(1), e).to(kt::Bool), -1e30);
  }
  const kt::Tensor index = kt::cat(picks, 1);
  const kt::Tensor top = kt::gather(probs, 1, index);
  const kt::Tensor counts = kt::sum(kt::sum(kt::one_hot(index, e), 0), 0).to(probs.dtype());
  const kt::Tensor aux = kt::sum(counts / double(n * k) * kt::mean(probs, 0)) * double(e);
  return {index, top / kt::sum(top, 1, true), aux};
}

}  // namespace kata
