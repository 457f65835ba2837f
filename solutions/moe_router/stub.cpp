// Your kata: a mixture-of-experts router. Read README.md, then replace the TODO.
// Grade with:  ./grade moe_router        Stuck?  ./grade hint moe_router
#include "moe_router.hpp"

namespace kata {

Routing route_top_k(const kt::Tensor& router_logits, int64_t k) {
  // TODO: the softmax over the experts, each token's top k, their gates, the load-balancing loss.
  (void)router_logits;
  (void)k;
  throw kt::NotImplemented(
      "kata::route_top_k(router_logits, k) is not implemented yet: write it in "
      "katas/moe_router/moe_router.cpp");
}

}  // namespace kata
