// expect: error
// Cheats: calls the grader's reference implementation. The build must refuse it by name.
#include "../../../reference/moe_router/moe_router.hpp"  // found by a relative path, as a cheater would
#include "moe_router.hpp"

namespace kata {

Routing route_top_k(const kt::Tensor& router_logits, int64_t k) {
  const ref::Routing r = ref::route_top_k(router_logits, k);
  return {r.expert_index, r.gate.to(router_logits.dtype()), r.aux_loss.to(router_logits.dtype())};
}

}  // namespace kata
